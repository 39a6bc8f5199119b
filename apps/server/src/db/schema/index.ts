export * from './tenants';
export * from './roles';
export * from './users';
export * from './auth';
export * from './mail';
export * from './activity';
export * from './audit';
export * from './instances';
