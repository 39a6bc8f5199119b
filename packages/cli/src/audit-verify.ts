/**
 * INTEGRATION POINT — `replay audit verify` calls only this function.
 *
 * The console is getting a chained, signed audit export (CSV / JSON Lines) with a pure
 * verification function of its own. When it lands, replace the body of
 * `verifyAuditExport` with a call to that verifier, mapping its result to
 * `AuditVerification`; nothing else in the CLI changes.
 *
 * Until then this checks what `replay audit export` writes (JSON Lines, oldest first):
 * every line is an entry with an id, a time and an action, no id twice, times in order.
 * It finds a damaged or reordered file, not a forged one (nothing is signed yet).
 */
export interface AuditVerification {
  ok: boolean;
  /** How many entries the file holds. */
  entries: number;
  /** What is wrong, each naming its line; empty when ok. */
  problems: string[];
}

const MAX_PROBLEMS = 20;

export function verifyAuditExport(text: string): AuditVerification {
  const problems: string[] = [];
  const seen = new Set<string>();
  let entries = 0;
  let previousAt = -Infinity;
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '' || problems.length >= MAX_PROBLEMS) return;
    const where = `line ${index + 1}`;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      problems.push(`${where}: not JSON.`);
      return;
    }
    entries += 1;
    const { id, createdAt, action } = (entry ?? {}) as { id?: unknown; createdAt?: unknown; action?: unknown };
    if (typeof id !== 'string' || typeof createdAt !== 'number' || typeof action !== 'string') {
      problems.push(`${where}: not an audit entry (it needs an id, a createdAt time and an action).`);
      return;
    }
    if (seen.has(id)) problems.push(`${where}: entry ${id} appears twice.`);
    if (createdAt < previousAt) problems.push(`${where}: entry ${id} is older than the one before it.`);
    seen.add(id);
    previousAt = Math.max(previousAt, createdAt);
  });
  if (entries === 0 && problems.length === 0) problems.push('The file holds no audit entries.');
  return { ok: problems.length === 0, entries, problems };
}
