import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sourceMaps } from '../../db/schema';
import { newId } from '../../lib/ids';

/** What a list shows of a map (its text stays in the database). */
const listed = { id: sourceMaps.id, release: sourceMaps.release, fileUrl: sourceMaps.fileUrl, bytes: sourceMaps.bytes, uploadedAt: sourceMaps.uploadedAt };

/** A project's source maps; callers have judged the instance and its project in the caller's scope, and every query names its account too. */
export function jsErrorsRepo(db: Db) {
  return {
    /** One map per project, release and file: a new upload replaces the old one. */
    async saveMap(input: { tenantId: string; instanceId: string; projectId: string; release: string; fileUrl: string; map: string; userId: string; at: Date }) {
      const bytes = Buffer.byteLength(input.map);
      const [row] = await db
        .insert(sourceMaps)
        .values({ id: newId(), tenantId: input.tenantId, instanceId: input.instanceId, projectId: input.projectId, release: input.release, fileUrl: input.fileUrl, map: input.map, bytes, uploadedAt: input.at, uploadedBy: input.userId })
        .onConflictDoUpdate({ target: [sourceMaps.projectId, sourceMaps.release, sourceMaps.fileUrl], set: { map: input.map, bytes, uploadedAt: input.at, uploadedBy: input.userId } })
        .returning(listed);
      return row!;
    },

    /** The project's maps, newest first, without their text. */
    list(tenantId: string, projectId: string) {
      return db
        .select(listed)
        .from(sourceMaps)
        .where(and(eq(sourceMaps.tenantId, tenantId), eq(sourceMaps.projectId, projectId)))
        .orderBy(desc(sourceMaps.uploadedAt), desc(sourceMaps.id));
    },

    /** Removes one map of the project; false when it has no such map. */
    async remove(tenantId: string, projectId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(sourceMaps)
        .where(and(eq(sourceMaps.tenantId, tenantId), eq(sourceMaps.projectId, projectId), eq(sourceMaps.id, id)))
        .returning({ id: sourceMaps.id });
      return removed.length > 0;
    },

    /** The project's map of a file: of the error's release when it names one, else the newest upload for that file. */
    async mapFor(tenantId: string, projectId: string, fileUrl: string, release: string | null): Promise<string | null> {
      const where = and(eq(sourceMaps.tenantId, tenantId), eq(sourceMaps.projectId, projectId), eq(sourceMaps.fileUrl, fileUrl), release === null ? undefined : eq(sourceMaps.release, release));
      const [row] = await db.select({ map: sourceMaps.map }).from(sourceMaps).where(where).orderBy(desc(sourceMaps.uploadedAt)).limit(1);
      return row?.map ?? null;
    },
  };
}
