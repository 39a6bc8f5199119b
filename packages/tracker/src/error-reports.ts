import { ERRORS_PATH } from '@replay/agent-protocol/plain';
import type { CapturedError } from './errors';

/** Errors held while the capture decision is pending: a page that fails as it loads still reports its error. */
const MAX_HELD = 20;

export interface ErrorReportOptions {
  ingestPoint: string;
  projectKey: string;
  release: string | null;
}

/** What an error report carries besides the error: the session and the page it happened on. */
export interface ErrorContext {
  sessionId: string;
  url: string;
}

/**
 * Sends the page's errors to the instance's errors endpoint. Error capture starts with start(),
 * before the instance's capture settings are read (an error thrown as the page loads would be
 * lost otherwise), so errors are held until the decision: sent when the session is recorded,
 * dropped when it is left out (nothing of a left-out session leaves the page).
 */
export class ErrorReports {
  private held: { error: CapturedError; context: ErrorContext }[] | null = [];

  constructor(private readonly options: ErrorReportOptions) {}

  /** Sent now once the session records; held while undecided. */
  report(error: CapturedError, context: ErrorContext): void {
    if (this.held === null) this.send(error, context);
    else if (this.held.length < MAX_HELD) this.held.push({ error, context });
  }

  /** The session records: what was held is sent, and later errors go at once. */
  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const { error, context } of held) this.send(error, context);
  }

  /** The session is left out, or stopped: nothing held is sent, and later errors are held again. */
  discard(): void {
    this.held = [];
  }

  private send(e: CapturedError, context: ErrorContext): void {
    const body = { sessionId: context.sessionId, name: e.name, message: e.message, url: context.url, release: this.options.release, stack: e.stack, frames: e.frames };
    void fetch(new URL(ERRORS_PATH, this.options.ingestPoint), {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.options.projectKey}` },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  }
}
