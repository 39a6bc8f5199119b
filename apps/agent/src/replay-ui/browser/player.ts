import Player from 'rrweb-player';
import 'rrweb-player/dist/style.css';
import './style.css';
import { TRACKER_EVENT_TAGS } from '@replay/agent-protocol/plain';
import { type RecordedEvent, marksOf } from './events.ts';
import { fillConsole, fillTimeline, filterConsole, nextError } from './panes.ts';

/**
 * The replay screen's script: fetches the session's rrweb events (the same export the download
 * gives), plays them in rrweb-player (play/pause, speeds, skip of inactive time, the mouse
 * trail), and fills the timeline, the jump to the next error and the console pane around it.
 */

type RRPlayer = InstanceType<typeof Player>;

/** rrweb-player's UI events come as { payload }. */
const payloadOf = (event: unknown): unknown => (event as { payload?: unknown } | null)?.payload;

const root = document.getElementById('replay')!;
const status = document.getElementById('replay-status')!;

/** rrweb-player's icon buttons and its switch carry no names: they get them here, for screen readers (axe). */
function nameControls(host: HTMLElement, player: RRPlayer): void {
  const [play, ...rest] = host.querySelectorAll<HTMLButtonElement>('.rr-controller__btns > button');
  const fullscreen = rest.at(-1);
  play?.setAttribute('aria-label', 'Play');
  fullscreen?.setAttribute('aria-label', 'Full screen');
  for (const speed of rest.slice(0, -1)) speed.setAttribute('aria-label', `Speed ${speed.textContent?.trim() ?? ''}`);
  host.querySelector('.switch input')?.setAttribute('aria-label', 'Skip inactive time');
  host.querySelector('.rr-player__frame iframe')?.setAttribute('title', 'Recorded page');
  player.addEventListener('ui-update-player-state', (event) => play?.setAttribute('aria-label', payloadOf(event) === 'playing' ? 'Pause' : 'Play'));
}

function playerSize(host: HTMLElement, events: RecordedEvent[]): { width: number; height: number } {
  const meta = events.find((e) => e.type === 4 && e.data?.width && e.data.height);
  const ratio = meta ? meta.data!.height! / meta.data!.width! : 9 / 16;
  const width = Math.max(280, Math.floor(host.clientWidth));
  return { width, height: Math.min(Math.round(width * ratio), Math.round(window.innerHeight * 0.7)) };
}

async function load(): Promise<RecordedEvent[]> {
  // As the page's preload asks (no headers of its own), so the browser hands over that answer.
  const res = await fetch(root.dataset.events!, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(res.status === 401 ? 'Your sign-in has ended: sign in again.' : `The recording could not be loaded (HTTP ${res.status}).`);
  return (await res.json()) as RecordedEvent[];
}

async function main(): Promise<void> {
  const events = await load();
  if (events.length < 2) {
    status.textContent = 'This session has too few events to replay; the download holds what was recorded.';
    return;
  }
  const host = document.getElementById('player')!;
  const player = new Player({
    target: host,
    props: {
      events: events as never,
      ...playerSize(host, events),
      autoPlay: false,
      skipInactive: root.dataset.skipInactive === 'true',
      mouseTail: root.dataset.mouseTrail === 'true',
      tags: { [TRACKER_EVENT_TAGS.error]: '#b91c1c', [TRACKER_EVENT_TAGS.console]: '#92400e' },
    },
  });
  nameControls(host, player);
  const { marks, lines } = marksOf(events);
  const total = events.at(-1)!.timestamp - events[0]!.timestamp;
  let now = 0;
  player.addEventListener('ui-update-current-time', (event) => (now = Number(payloadOf(event))));
  const seek = (offset: number) => {
    // rrweb's replayer applies at once the events strictly before the time it pauses at: one
    // millisecond later, so the marked event itself (a page's snapshot, an error) is shown.
    player.goto(offset + 1, false);
    now = offset;
  };
  fillTimeline(document.getElementById('timeline')!, marks, total, seek);
  const consoleList = document.getElementById('console')!;
  fillConsole(consoleList, lines, seek);
  filterConsole(consoleList, document.getElementById('console-level') as HTMLSelectElement, document.getElementById('console-count')!);
  const jump = document.getElementById('next-error') as HTMLButtonElement;
  jump.disabled = !marks.some((m) => m.kind === 'error');
  jump.addEventListener('click', () => {
    const error = nextError(marks, now);
    if (error) seek(error.offset);
  });
  status.textContent = `Loaded ${events.length} events.`;
  root.dataset.ready = 'true';
}

main().catch((e: unknown) => {
  status.textContent = e instanceof Error ? e.message : 'The recording could not be played.';
  status.classList.add('error');
});
