import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorProjects, SourceMapInfo, SourceMapTarget } from '@replay/agent-protocol';
import type { DiskUsage } from '../disk.ts';

/**
 * The instance's source maps, in source-maps/ of its data folder (so backups carry them, and no
 * retention removes them: a release's map outlives its errors' days). One map per project, release
 * and file URL, named by a digest of the three, so a new upload of the same file replaces the old
 * one: <id>.map holds the text, <id>.json what lists show; each is written aside and renamed in,
 * the text first, so a listed map always has its text.
 */

export const SOURCE_MAPS = 'source-maps';
/** A map's id: UUID-shaped (the console's routes take UUIDs), so never a path of its own. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The id of the map of `target`: a name-based UUID (version 5's layout over SHA-256). */
export function sourceMapIdOf({ projectId, release, fileUrl }: SourceMapTarget): string {
  const hex = createHash('sha256')
    .update(JSON.stringify([projectId, release, fileUrl]))
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const folder = (dataDir: string) => join(dataDir, SOURCE_MAPS);

function writeAside(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

/** Keeps `text` (already checked to be a map v3) as the map of `target`, replacing any before it. */
export function saveSourceMap(dataDir: string, disk: Pick<DiskUsage, 'assertRoom' | 'wrote'>, target: SourceMapTarget, text: string, at: number): SourceMapInfo {
  const id = sourceMapIdOf(target);
  const info: SourceMapInfo = { id, projectId: target.projectId, release: target.release, fileUrl: target.fileUrl, bytes: Buffer.byteLength(text), uploadedAt: at };
  const meta = JSON.stringify(info);
  const bytes = info.bytes + Buffer.byteLength(meta);
  disk.assertRoom(bytes);
  mkdirSync(folder(dataDir), { recursive: true });
  writeAside(join(folder(dataDir), `${id}.map`), text);
  writeAside(join(folder(dataDir), `${id}.json`), meta);
  disk.wrote(bytes);
  return info;
}

const under = (projects: ErrorProjects, info: SourceMapInfo) => projects === undefined || projects.includes(info.projectId);

/** The maps of `projects` (absent: all), newest first. */
export function listSourceMaps(dataDir: string, projects?: ErrorProjects): SourceMapInfo[] {
  if (!existsSync(folder(dataDir))) return [];
  const out: SourceMapInfo[] = [];
  for (const name of readdirSync(folder(dataDir))) {
    if (!name.endsWith('.json') || !ID.test(name.slice(0, -5))) continue;
    try {
      const info = JSON.parse(readFileSync(join(folder(dataDir), name), 'utf8')) as SourceMapInfo;
      if (under(projects, info)) out.push(info);
    } catch {
      // Removed meanwhile, or unreadable: not listed.
    }
  }
  return out.sort((a, b) => b.uploadedAt - a.uploadedAt || a.id.localeCompare(b.id));
}

/** Removes the map `id` of `projects` (absent: any); false when they have none of that id. */
export function removeSourceMap(dataDir: string, id: string, projects?: ErrorProjects): boolean {
  if (!ID.test(id)) return false;
  const found = listSourceMaps(dataDir, projects).some((m) => m.id === id);
  if (!found) return false;
  // The listing first: a crash in between leaves a text no list names, which the next upload of that file replaces.
  rmSync(join(folder(dataDir), `${id}.json`), { force: true });
  rmSync(join(folder(dataDir), `${id}.map`), { force: true });
  return true;
}

/**
 * The text of the map for a frame's file: of the error's release when it names one, else the
 * newest upload for that file; the error's own project's before the others of `projects`
 * (absent: any project's, as the instance's own screens read them).
 */
export function sourceMapTextFor(dataDir: string, fileUrl: string, release: string | null, own: string | null, projects?: ErrorProjects): string | null {
  const candidates = listSourceMaps(dataDir)
    .filter((m) => m.fileUrl === fileUrl && (release === null || m.release === release))
    .filter((m) => m.projectId === own || under(projects, m))
    .sort((a, b) => Number(b.projectId === own) - Number(a.projectId === own));
  for (const m of candidates) {
    try {
      return readFileSync(join(folder(dataDir), `${m.id}.map`), 'utf8');
    } catch {
      // Removed since it was listed: the next one, if any.
    }
  }
  return null;
}

/**
 * Removes the maps of projects the console's key set no longer names (a deleted project's), when
 * it pushes that set (admin call applyConfig): the account key's maps (null) always stay.
 */
export function pruneSourceMaps(dataDir: string, projectIds: ReadonlySet<string>): number {
  const gone = listSourceMaps(dataDir).filter((m) => m.projectId !== null && !projectIds.has(m.projectId));
  for (const m of gone) removeSourceMap(dataDir, m.id);
  return gone.length;
}
