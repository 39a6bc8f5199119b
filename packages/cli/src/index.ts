export { run, buildProgram } from './program';
export { EXIT, EXIT_CODES_HELP } from './exit-codes';
export { profilePath } from './profile';
export type { Io } from './io';
