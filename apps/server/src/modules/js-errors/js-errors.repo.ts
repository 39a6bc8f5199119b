import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sourceMaps } from '../../db/schema';

/**
 * Source maps the console kept before instances kept their own (see docs/ARCHITECTURE.md,
 * "Where source maps are kept"): read once more to hand each to its instance, then removed.
 * Callers have judged the instance and its project in the caller's scope, and every query names its account too.
 */
export function jsErrorsRepo(db: Db) {
  return {
    /** The project's maps still kept here, oldest first, with their text. */
    keptMaps(tenantId: string, projectId: string) {
      return db
        .select({ id: sourceMaps.id, release: sourceMaps.release, fileUrl: sourceMaps.fileUrl, map: sourceMaps.map, uploadedAt: sourceMaps.uploadedAt })
        .from(sourceMaps)
        .where(and(eq(sourceMaps.tenantId, tenantId), eq(sourceMaps.projectId, projectId)))
        .orderBy(asc(sourceMaps.uploadedAt), asc(sourceMaps.id));
    },

    /** Removes one map of the project, once its instance holds it. */
    async remove(tenantId: string, projectId: string, id: string): Promise<void> {
      await db.delete(sourceMaps).where(and(eq(sourceMaps.tenantId, tenantId), eq(sourceMaps.projectId, projectId), eq(sourceMaps.id, id)));
    },
  };
}
