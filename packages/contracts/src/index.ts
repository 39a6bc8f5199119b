export * from './permissions';
export * from './http';
export * from './constants';
export * from './validation';
export * from './account';
export * from './auth';
export * from './public-config';
