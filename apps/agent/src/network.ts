import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { AgentNetwork } from '@replay/agent-protocol';

const MINUTE_MS = 60_000;

/**
 * Bytes in and out of this agent's own HTTP server, as the sockets count them
 * (headers and bodies, what the wire carried), in total since the agent
 * started and per wall-clock minute. The minute is closed by the agent, at
 * its boundary, so what the console reads does not depend on when or how
 * often anyone asks: two readers see the same minute, and the console's
 * sampler stores what the agent measured rather than a difference of its own.
 */
export class NetworkMeter {
  private readonly open = new Set<Socket>();
  private closedIn = 0;
  private closedOut = 0;
  private readonly now: () => number;
  /** The minute being counted: its start, and the totals when it began. */
  private current: { start: number; inBytes: number; outBytes: number };
  private last: AgentNetwork['lastMinute'] = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(now: () => number = Date.now) {
    this.now = now;
    // Nothing came in before the agent started, so its first (partial) minute counts from zero.
    this.current = { start: Math.floor(now() / MINUTE_MS) * MINUTE_MS, inBytes: 0, outBytes: 0 };
  }

  /** Counts every connection of the server from now on, and closes minutes at their boundaries. */
  watch(server: Server): void {
    server.on('connection', (socket: Socket) => {
      this.open.add(socket);
      socket.once('close', () => {
        this.open.delete(socket);
        this.closedIn += socket.bytesRead;
        this.closedOut += socket.bytesWritten;
      });
    });
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  read(): AgentNetwork {
    this.roll();
    const totals = this.totals();
    return { inBytes: totals.inBytes, outBytes: totals.outBytes, lastMinute: this.last };
  }

  private totals(): { inBytes: number; outBytes: number } {
    let inBytes = this.closedIn;
    let outBytes = this.closedOut;
    for (const socket of this.open) {
      inBytes += socket.bytesRead;
      outBytes += socket.bytesWritten;
    }
    return { inBytes, outBytes };
  }

  /**
   * Closes the counted minute once the clock has passed its end. The timer does
   * it at the boundary; a read does it too, in case the timer ran late (a busy
   * event loop). After a long stall the bytes of the minutes missed go to the
   * last one, which is at worst an overstatement of that minute, never a loss.
   */
  private roll(): void {
    const minute = Math.floor(this.now() / MINUTE_MS) * MINUTE_MS;
    if (minute <= this.current.start) return;
    const totals = this.totals();
    this.last = {
      start: minute - MINUTE_MS,
      inBytes: totals.inBytes - this.current.inBytes,
      outBytes: totals.outBytes - this.current.outBytes,
    };
    this.current = { start: minute, ...totals };
  }

  private schedule(): void {
    const wait = MINUTE_MS - (this.now() % MINUTE_MS) + 5;
    this.timer = setTimeout(() => {
      this.roll();
      this.schedule();
    }, wait);
    // The agent's life is its server's; a pending minute must not keep the process up.
    this.timer.unref();
  }
}
