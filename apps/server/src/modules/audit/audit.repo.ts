import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditTrail, mfaChallenges, passwordResets, refreshTokens, users } from '../../db/schema';
import { readPage, totalOver, type PageQuery } from '../../lib/paging';
import { likePattern } from '../../lib/sql-filters';
import { appendChained } from './audit.chain';

export type AuditRow = typeof auditTrail.$inferSelect;

export interface AuditFilter extends PageQuery {
  start: Date;
  end: Date;
  userId?: string;
  action?: string;
  query?: string;
}

/** Whose trail is read, and which of its entries the reader may see (undefined: all). */
export interface TrailReader {
  tenantId: string;
  visible: SQL | undefined;
}

/** Who a call was made by, as the trail records it. */
export interface AuditActor {
  /** Null for an API key's call (then apiKeyId names the key). */
  userId: string | null;
  apiKeyId?: string | null;
  tenantId: string;
  name: string;
  email: string;
}

const actorColumns = { userId: users.id, tenantId: users.tenantId, name: users.name, email: users.email };

/** The audit trail: insert and read only (the table refuses anything else). Reads are tenant-scoped. */
export function auditRepo(db: Db) {
  return {
    /** Appends the record to its account's hash chain (seq, prevHash and hash are computed here). */
    async insert(row: Omit<typeof auditTrail.$inferInsert, 'seq' | 'prevHash' | 'hash'>): Promise<void> {
      await appendChained(db, row);
    },

    /** `visible`: the entries the reader may see (audit.visibility.ts); undefined for all of the account's. */
    async page(reader: TrailReader, f: AuditFilter) {
      const text = f.query?.trim();
      const where = and(
        eq(auditTrail.tenantId, reader.tenantId),
        reader.visible,
        gte(auditTrail.createdAt, f.start),
        lte(auditTrail.createdAt, f.end),
        f.userId ? eq(auditTrail.userId, f.userId) : undefined,
        f.action ? eq(auditTrail.action, f.action) : undefined,
        text
          ? or(ilike(auditTrail.username, likePattern(text)), ilike(auditTrail.email, likePattern(text)), ilike(auditTrail.action, likePattern(text)), ilike(auditTrail.endpoint, likePattern(text)))
          : undefined,
      );
      const { rows, total } = await readPage(
        f,
        (limit, offset) => db.select({ row: auditTrail, total: totalOver() }).from(auditTrail).where(where).orderBy(desc(auditTrail.createdAt), desc(auditTrail.id)).limit(limit).offset(offset),
        () => db.select({ n: count() }).from(auditTrail).where(where),
      );
      return { rows: rows.map((r) => r.row), total };
    },

    async find(reader: TrailReader, id: string): Promise<AuditRow | null> {
      const [row] = await db
        .select()
        .from(auditTrail)
        .where(and(eq(auditTrail.tenantId, reader.tenantId), eq(auditTrail.id, id), reader.visible))
        .limit(1);
      return row ?? null;
    },

    /*
     * The lookups below name who made a public call (login, sign-up, logout,
     * reset). They cannot be tenant-scoped: the tenant is what they find.
     */

    async actorByRefreshToken(tokenHash: string): Promise<AuditActor | null> {
      const [row] = await db.select(actorColumns).from(refreshTokens).innerJoin(users, eq(users.id, refreshTokens.userId)).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },

    async actorByResetToken(tokenHash: string): Promise<AuditActor | null> {
      const [row] = await db.select(actorColumns).from(passwordResets).innerJoin(users, eq(users.id, passwordResets.userId)).where(eq(passwordResets.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },

    /** A second sign-in step's token proves the password was right: its failures go into that member's trail. */
    async actorByMfaToken(tokenHash: string): Promise<AuditActor | null> {
      const [row] = await db.select(actorColumns).from(mfaChallenges).innerJoin(users, eq(users.id, mfaChallenges.userId)).where(eq(mfaChallenges.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },
  };
}
