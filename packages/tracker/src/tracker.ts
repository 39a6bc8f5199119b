import { TRACKER_BATCH_LIMITS as LIMITS, TRACKER_CONFIG_PATH, TRACKER_EVENT_TAGS } from '@replay/agent-protocol/plain';
import { CAPTURE_ALL, readCapture, rememberCaptured, wantsRecording, type TrackerCapture } from './capture';
import { ErrorReports } from './error-reports';
import { captureErrors, type CapturedError } from './errors';
import { watchNavigation } from './navigation';
import { PLAIN_LOGGER, bareUrl, type LoggerOptions } from './privacy';
import { startRecording, type Recording } from './recording';
import { sessionIdOfVisit } from './session';
import { Transport } from './transport';

declare const __TRACKER_VERSION__: string;
/** The package's version, set by the build (build.mjs); sent with each batch so the instance knows what wrote it. */
export const TRACKER_VERSION = typeof __TRACKER_VERSION__ === 'string' ? __TRACKER_VERSION__ : '0.0.0';

export interface TrackerOptions {
  /** The project key the console shows (Getting started › Install). */
  projectKey: string;
  /** The instance's ingest address, `https://<instance>/api/events`. */
  ingestPoint: string;
  /** Milliseconds between batches (default 2000). */
  flushInterval?: number;
  /** Events held while the instance cannot take them; past it they are dropped and counted (default 5000). */
  maxQueue?: number;
  /** JavaScript errors and console.error, sent to the instance (default true). */
  captureErrors?: boolean;
  /** Console messages (log, info, warn, debug) in the recording; console.error is an error above (default true). */
  captureConsole?: boolean;
  /** The site's build, so an uploaded source map of it resolves its errors' stacks. */
  release?: string;
}

const USER_KEY = 'replay_tracker_user';
/** What the instance's options cannot be read as: the strictest, so a failed read never records more. */
const UNREAD_LOGGER: LoggerOptions = { defaultInputMode: 1, obscureEmailData: true, obscureNumericData: true };

function keptUser(): string | null {
  try {
    return sessionStorage.getItem(USER_KEY);
  } catch {
    return null;
  }
}

export class Tracker {
  readonly sessionId: string;
  private readonly options: Required<Omit<TrackerOptions, 'release'>> & { release: string | null };
  private readonly transport: Transport;
  private readonly errors: ErrorReports;
  private userId: string | null = keptUser();
  private readonly metadata: Record<string, string> = {};
  /** Between start() and stop(). */
  private started = false;
  /** Once the capture settings are read: before, events are held; after, a session left out drops them. */
  private decided = false;
  private capture: TrackerCapture = CAPTURE_ALL;
  private logger: LoggerOptions = UNREAD_LOGGER;
  /** Set while rrweb records. */
  private recording: Recording | null = null;
  private stopErrors: (() => void) | null = null;
  /** Set while a session left out waits for a condition set to match. */
  private stopWatching: (() => void) | null = null;
  /** The page is going away: the mutations rrweb holds are emitted, then everything leaves at once. */
  private readonly onLeave = () => {
    this.recording?.flushMutations();
    void this.transport.flush(true);
  };
  private readonly onHidden = () => {
    if (document.visibilityState === 'hidden') this.onLeave();
  };

  constructor(options: TrackerOptions) {
    if (!options || typeof options.projectKey !== 'string' || !options.projectKey || typeof options.ingestPoint !== 'string' || !options.ingestPoint) {
      throw new Error('Tracker needs { projectKey, ingestPoint }');
    }
    this.options = {
      projectKey: options.projectKey,
      ingestPoint: new URL(options.ingestPoint, location.href).href,
      flushInterval: options.flushInterval ?? 2000,
      maxQueue: options.maxQueue ?? 5000,
      captureErrors: options.captureErrors ?? true,
      captureConsole: options.captureConsole ?? true,
      release: options.release ?? null,
    };
    this.sessionId = sessionIdOfVisit();
    this.transport = new Transport({
      ingestPoint: this.options.ingestPoint,
      projectKey: this.options.projectKey,
      maxQueue: this.options.maxQueue,
      flushMs: this.options.flushInterval,
      head: () => ({ sessionId: this.sessionId, url: bareUrl(location.href), userId: this.userId, metadata: { ...this.metadata }, trackerVersion: TRACKER_VERSION }),
    });
    this.errors = new ErrorReports(this.options);
  }

  /**
   * The instance's tracker config: the tenant's logger options (spec section 3), the strictest
   * when they cannot be read, and the capture settings, "record" when they cannot be read (the
   * instance still decides per batch).
   */
  private async readConfig(): Promise<{ logger: LoggerOptions; capture: TrackerCapture }> {
    try {
      const url = new URL(TRACKER_CONFIG_PATH, this.options.ingestPoint);
      const answer = await fetch(url, { credentials: 'omit', mode: 'cors', headers: { Authorization: `Bearer ${this.options.projectKey}` } });
      if (!answer.ok) return { logger: UNREAD_LOGGER, capture: CAPTURE_ALL };
      const read = (await answer.json()) as Partial<LoggerOptions> & { capture?: unknown };
      const mode = read.defaultInputMode;
      const logger: LoggerOptions = {
        defaultInputMode: mode === 0 || mode === 1 || mode === 2 ? mode : PLAIN_LOGGER.defaultInputMode,
        obscureEmailData: read.obscureEmailData === true,
        obscureNumericData: read.obscureNumericData === true,
      };
      return { logger, capture: readCapture(read.capture) };
    } catch {
      return { logger: UNREAD_LOGGER, capture: CAPTURE_ALL };
    }
  }

  /**
   * Reads the instance's config, then records if the capture settings keep this session; one
   * they leave out sends nothing, and starts recording (a full snapshot first) when a condition
   * set matches a later page or setUserID. Resolves once decided. Calling it again does nothing.
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    // From the start, so an error thrown while the config is read is not lost (held until decided).
    if (this.options.captureErrors) this.stopErrors = captureErrors((e) => this.reportError(e));
    const { logger, capture } = await this.readConfig();
    if (!this.started) return; // stop() came first
    this.logger = logger;
    this.capture = capture;
    this.decided = true;
    if (this.recheck()) return;
    // Left out: what was queued before the decision goes nowhere, and nothing more is queued.
    this.transport.discard();
    this.errors.discard();
    if (capture.conditions.length > 0) this.stopWatching = watchNavigation(() => this.recheck());
  }

  /** Records from now when the capture settings want this session; answers whether it records. */
  private recheck(): boolean {
    if (this.recording) return true;
    if (!this.decided || !wantsRecording(this.sessionId, this.capture, bareUrl(location.href), this.userId)) return false;
    const waited = this.stopWatching !== null;
    this.stopWatching?.();
    this.stopWatching = null;
    rememberCaptured(this.sessionId);
    this.record();
    // Started by a condition set: sent now, while the page (or user) that matched is the batch's.
    if (waited) void this.transport.flush();
    return true;
  }

  private record(): void {
    this.transport.release();
    this.recording = startRecording({ logger: this.logger, captureConsole: this.options.captureConsole, push: (event) => this.transport.push(event) });
    if (this.userId) this.custom('identify', { userId: this.userId });
    this.errors.release();
    window.addEventListener('pagehide', this.onLeave);
    document.addEventListener('visibilitychange', this.onHidden);
  }

  /** Stops recording and error capture, and sends what is queued. */
  stop(): void {
    this.started = false;
    this.decided = false;
    this.stopWatching?.();
    this.stopWatching = null;
    this.recording?.stop();
    this.recording = null;
    this.stopErrors?.();
    this.stopErrors = null;
    this.errors.discard();
    window.removeEventListener('pagehide', this.onLeave);
    document.removeEventListener('visibilitychange', this.onHidden);
    void this.transport.flush();
  }

  /** Names the session's user (null clears it); kept for the rest of the visit, across its pages. */
  setUserID(id: string | null): void {
    this.userId = id === null || id === undefined || id === '' ? null : String(id).slice(0, LIMITS.userId);
    try {
      if (this.userId === null) sessionStorage.removeItem(USER_KEY);
      else sessionStorage.setItem(USER_KEY, this.userId);
    } catch {
      // Kept for this page only.
    }
    const recording = this.recording !== null;
    // A condition set on this user starts recording, whose start tells the user itself.
    if (this.recheck() && !recording) return;
    this.custom('identify', { userId: this.userId });
  }

  /** A key and value the session is tagged with (sent with every batch; at most 50 keys, cut to the instance's bounds). */
  setMetadata(key: string, value: string): void {
    const k = String(key).slice(0, LIMITS.metadataKey);
    if (!k || (!(k in this.metadata) && Object.keys(this.metadata).length >= LIMITS.metadataKeys)) return;
    this.metadata[k] = String(value).slice(0, LIMITS.metadataValue);
    this.custom(TRACKER_EVENT_TAGS.metadata, { key: k, value: this.metadata[k] });
  }

  /** A custom event of the site's, in the recording where it happened. */
  event(name: string, payload?: unknown): void {
    this.custom(String(name).slice(0, 128), payload ?? null);
  }

  /** In rrweb's stream (its Custom event, type 5) when recording; held in the same shape before the capture decision, and dropped for a session left out. */
  private custom(tag: string, payload: unknown): void {
    if (this.recording) this.recording.custom(tag, payload);
    else if (!this.decided) this.transport.push({ type: 5, timestamp: Date.now(), data: { tag, payload } });
  }

  /** In the recording where it happened, and to the errors endpoint; neither for a session left out (custom drops it, errors holds it until discarded). */
  private reportError(e: CapturedError): void {
    this.custom(TRACKER_EVENT_TAGS.error, e);
    if (this.recording || !this.decided) this.errors.report(e, { sessionId: this.sessionId, url: bareUrl(location.href) });
  }
}
