import { serverModule } from '../../platform/server-module';
import { createAuditService } from './audit.service';
import { auditSigningKey } from './audit.signing';
import { auditPlugin } from './audit.plugin';
import { auditRoutes } from './audit.routes';

/** The audit trail: a hook records every change, the routes read and export it. */
export const auditModule = serverModule({
  name: 'audit',
  services: (ctx) => ({ audit: createAuditService({ db: ctx.db, clock: ctx.clock, signingKey: auditSigningKey(ctx.secrets.jwtSecret) }) }),
  hooks: [auditPlugin],
  api: [auditRoutes],
});
