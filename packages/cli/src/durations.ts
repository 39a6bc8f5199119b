import { CliError, EXIT } from './exit-codes';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `90s`, `10m`, `2h`, `30d`, or a bare number of seconds. */
export function parseDuration(text: string, option: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) throw new CliError(`${option} takes a duration such as 90s, 10m, 2h or 30d (got "${text}").`, EXIT.usage);
  return Math.round(Number(match[1]) * UNIT_MS[(match[2] ?? 's') as keyof typeof UNIT_MS]);
}

/** A moment: an ISO date or date-time, or a duration meaning that long before `now` (`7d` = a week ago). */
export function parseMoment(text: string, option: string, now: number, direction: 'ago' | 'ahead'): number {
  if (/^\d+(\.\d+)?(ms|s|m|h|d)$/.test(text.trim())) {
    const ms = parseDuration(text, option);
    return direction === 'ago' ? now - ms : now + ms;
  }
  const at = Date.parse(text);
  if (Number.isNaN(at)) throw new CliError(`${option} takes a date (2026-01-31 or 2026-01-31T12:00:00Z) or a duration such as 7d (got "${text}").`, EXIT.usage);
  return at;
}
