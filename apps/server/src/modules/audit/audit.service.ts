import { AUDIT_DEFAULT_PERIOD_MS, AUDIT_MESSAGES, type AuditEntry, type AuditExportFormat, type AuditSigningKeyAnswer } from '@replay/contracts';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { auditRepo, type AuditRow, type TrailReader } from './audit.repo';
import { seesWholeTrail, visibleEntries } from './audit.visibility';
import { exportChain, type ChainExport } from './audit.export';
import type { AuditSigningKey } from './audit.signing';
import type { Clock } from '../../lib/time';

export interface TrailsCommand {
  page: number;
  limit: number;
  period?: { start: number; end: number };
  userId?: string;
  action?: string;
  query?: string;
}

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    userId: r.userId,
    apiKeyId: r.apiKeyId,
    username: r.username,
    email: r.email,
    action: r.action,
    createdAt: r.createdAt.getTime(),
    endpoint: r.endpoint,
    route: r.route,
    parameters: r.parameters,
    method: r.method,
    status: r.status,
    payload: r.payload ?? null,
  };
}

const readerOf = (p: Principal): TrailReader => ({ tenantId: p.tenantId, visible: visibleEntries(p) });

/**
 * Reading the audit trail (VIEW_ACTIVITY, the activity family): each reader sees the
 * entries their role would let them read elsewhere (audit.visibility.ts).
 */
export function createAuditService(deps: { db: Db; clock: Clock; signingKey: AuditSigningKey }) {
  const repo = auditRepo(deps.db);
  return {
    async list(p: Principal, cmd: TrailsCommand): Promise<{ sessions: AuditEntry[]; count: number }> {
      const end = cmd.period ? new Date(cmd.period.end) : deps.clock.now();
      const start = cmd.period ? new Date(cmd.period.start) : new Date(end.getTime() - AUDIT_DEFAULT_PERIOD_MS);
      const { rows, total } = await repo.page(readerOf(p), {
        page: cmd.page,
        limit: cmd.limit,
        start,
        end,
        userId: cmd.userId,
        action: cmd.action,
        query: cmd.query,
      });
      return { sessions: rows.map(toEntry), count: total };
    },

    async get(p: Principal, id: string): Promise<AuditEntry> {
      const row = await repo.find(readerOf(p), id);
      if (!row) throw notFound(AUDIT_MESSAGES.notFound);
      return toEntry(row);
    },

    /**
     * The account's signed chain. It holds every record, so only a reader who sees the
     * whole trail may export it (a filtered chain would not verify).
     */
    async exportChain(p: Principal, q: { format: AuditExportFormat; from?: number; to?: number }): Promise<ChainExport> {
      if (!seesWholeTrail(p)) throw forbidden(AUDIT_MESSAGES.exportNeedsAllInstances);
      return exportChain({ db: deps.db, clock: deps.clock, key: deps.signingKey }, p.tenantId, q);
    },

    signingKey(): AuditSigningKeyAnswer {
      const k = deps.signingKey;
      return { algorithm: 'Ed25519', keyId: k.keyId, publicKeyPem: k.publicKeyPem, jwk: { ...k.publicKeyJwk, kid: k.keyId } };
    },
  };
}
