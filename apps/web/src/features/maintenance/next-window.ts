import { Cron } from 'croner';

/**
 * When the window `cron` (UTC) next opens after `from`: the preview of a window not saved yet
 * (issue 42: the tab showed the saved window's next opening whatever the form said). The
 * server's nextWindow (instances.maintenance.ts) reads the saved one with the same library and
 * options; null for a cron that never opens.
 */
export function nextOpening(cron: string, from: Date): number | null {
  return new Cron(cron, { timezone: 'UTC' }).nextRun(from)?.getTime() ?? null;
}
