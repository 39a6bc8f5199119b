import { useQuery } from '@tanstack/react-query';

/**
 * When the window `cron` (UTC) next opens after `from`: the preview of a window not saved yet
 * (issue 42: the tab showed the saved window's next opening whatever the form said). The
 * server's nextWindow (instances.maintenance.ts) reads the saved one with the same library and
 * options; null for a cron that never opens. croner is fetched only once a member changes the
 * form: the tab's first paint does not wait for it.
 */
export async function nextOpening(cron: string, from: Date): Promise<number | null> {
  const { Cron } = await import('croner');
  return new Cron(cron, { timezone: 'UTC' }).nextRun(from)?.getTime() ?? null;
}

/** The preview for the form's `cron` while it differs from the saved one: undefined while it is reckoned, null if it never opens. */
export function useNextOpening(cron: string, unsaved: boolean): number | null | undefined {
  const { data } = useQuery({
    queryKey: ['maintenance-preview', cron],
    queryFn: () => nextOpening(cron, new Date()),
    enabled: unsaved,
    // A preview of "from now": read again when the form comes back to it after a minute.
    staleTime: 60_000,
  });
  return data;
}
