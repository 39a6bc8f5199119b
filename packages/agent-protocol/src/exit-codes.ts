/** How an agent that could not start tells its driver why (its process's exit code), without the driver parsing text. */
export const EXIT_CODES = { settings: 2, dataDirInUse: 3, portInUse: 4 } as const;
