import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AgentHealth } from '@replay/agent-protocol';
import { HEALTH_ROUTE, LOGIN_PATH, trackerOf } from '@replay/agent-protocol/plain';
import { loadConfig } from './config.ts';
import { AccessGate } from './access.ts';
import { adminRoutes } from './admin.ts';
import { UsedTokens, removeOlderThan } from './data.ts';
import { DiskUsage } from './disk.ts';
import { sendHome } from './home.ts';
import { HttpError, answerPreflight, applyCors, sendHtml, sendJson } from './http.ts';
import { MAX_EVENTS_BODY, ingestRoutes } from './ingest.ts';
import { trackerAssetRoutes } from './tracker/assets.ts';
import { trackerConfigRoutes } from './tracker/config.ts';
import { IngestFacts } from './ingest-facts.ts';
import { errorRoutes } from './errors.ts';
import { IngestLimiter } from './ingest-limiter.ts';
import { CaptureGate } from './capture.ts';
import { LoggerGate } from './logger.ts';
import { lockDataDir } from './lock.ts';
import { restoreWholeBackupOnce } from './backups.ts';
import { NetworkMeter } from './network.ts';
import { loginRefusedPage } from './pages.ts';
import { PasswordStore, SigninFailures } from './passwords.ts';
import { startSession } from './sessions.ts';
import type { AgentSettings } from './settings.ts';
import { signinRoutes } from './signin.ts';
import { signOut, sloRoutes } from './slo.ts';
import { errorsUiRoute, errorsUiRoutes } from './errors-ui/routes.ts';
import { replayUiRoute, replayUiRoutes } from './replay-ui/routes.ts';
import { sourceMapRoutes } from './source-maps/routes.ts';
import { sessionListRoutes, sessionRoute } from './storage/api/routes.ts';
import { SessionStore } from './storage/store.ts';
import { ssoRoutes } from './sso.ts';
import { StatsSampler } from './stats.ts';
import { verifyConsoleToken } from './tokens.ts';
import type { AgentState, Handler } from './state.ts';

const RETENTION_SWEEP_MS = 60 * 60 * 1000;

export interface Agent {
  readonly port: number;
  readonly state: AgentState;
  close(): Promise<void>;
}

const healthOrigins = (state: AgentState) => [state.settings.consoleOrigin, ...state.config.corsOrigins];

const routes: Record<string, Handler> = {
  // `?password=saved` is where the password form lands (signin.ts): the page then says so.
  'GET /': (req, res, url, state) => sendHome(req, res, state, 200, url.searchParams.get('password') === 'saved' ? { saved: true } : undefined),
  /** The console's one-time link: also while SSO is enforced, as the owner's way in when the IdP is down. */
  [`GET ${LOGIN_PATH}`]: async (_req, res, url, state) => {
    const { instanceId, secret, name } = state.settings;
    const claims = await verifyConsoleToken(url.searchParams.get('token') ?? '', secret, { scope: 'login', aud: instanceId, nowMs: state.now() });
    if (!claims || !state.usedTokens.consume(claims.jti, claims.exp)) {
      return sendHtml(res, 401, loginRefusedPage(name));
    }
    startSession(res, state, { sub: claims.sub, name: claims.name, email: claims.email, via: 'console' });
  },
  /** Local, and through the IdP's single logout for an SSO session when its SLO URL is saved (slo.ts). */
  'POST /logout': (req, res, _url, state) => signOut(req, res, state),
  [`OPTIONS ${HEALTH_ROUTE.path}`]: (req, res, _url, state) => answerPreflight(res, applyCors(res, req.headers.origin, healthOrigins(state)), 'GET'),
  [`${HEALTH_ROUTE.method} ${HEALTH_ROUTE.path}`]: (req, res, _url, state) => {
    applyCors(res, req.headers.origin, healthOrigins(state));
    const { instanceId, version, vcpu, memoryGb } = state.settings;
    // Resources let a driver see whether a type change or disk resize has reached the running process.
    const resources = { vcpu, memoryGb, diskGb: state.disk.diskGb };
    // Anyone may ask (the console's browser does, without credentials), so no names: the spec's health
    // rule needs only a 200 with a non-empty list of tenants, and this instance serves one.
    // The version it was started at, and what that version reads: an upgrade shows here once the new agent answers.
    sendJson(res, 200, { status: 'ok', instanceId, version, tracker: trackerOf(version), tenants: [{ active: true }], resources } satisfies AgentHealth);
  },
  ...signinRoutes,
  ...ssoRoutes,
  ...sloRoutes,
  ...ingestRoutes,
  ...trackerAssetRoutes,
  ...trackerConfigRoutes,
  ...errorRoutes,
  ...sourceMapRoutes,
  ...errorsUiRoutes,
  ...sessionListRoutes,
  ...replayUiRoutes,
  ...adminRoutes,
};

async function handle(req: IncomingMessage, res: ServerResponse, state: AgentState): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://agent.invalid');
  const route = routes[`${req.method} ${url.pathname}`] ?? sessionRoute(req.method, url.pathname) ?? replayUiRoute(req.method, url.pathname) ?? errorsUiRoute(req.method, url.pathname);
  try {
    // Before anything is read of the request: an address off the instance's list learns nothing more.
    if (!(await state.access.pass(req, res, url.pathname, state))) return;
    if (!route) throw new HttpError(404, `No route ${req.method} ${url.pathname}`);
    await route(req, res, url, state);
  } catch (e) {
    const status = e instanceof HttpError ? e.status : 500;
    if (status === 500) console.error(JSON.stringify({ level: 'error', msg: 'request failed', url: url.pathname, err: String(e) }));
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (e instanceof HttpError) for (const [name, value] of Object.entries(e.headers)) res.setHeader(name, value);
    sendJson(res, status, { errors: [status === 500 ? 'Internal server error.' : (e as Error).message] });
  }
}

/**
 * Takes the data folder, then listens. Throws DataDirInUseError when another
 * agent holds the folder, and the listen error (EADDRINUSE…) when the port is
 * taken, having released the folder again.
 */
export async function startAgent(settings: AgentSettings, now: () => number = Date.now): Promise<Agent> {
  mkdirSync(settings.dataDir, { recursive: true });
  const lock = lockDataDir(settings.dataDir, { port: settings.port, instanceId: settings.instanceId, version: settings.version, startedAt: now() });
  let storage: SessionStore | undefined;
  try {
    // Before anything reads the folder: the rollback of an upgrade, once (see AGENT_FLAGS 'restore-backup').
    if (settings.restoreBackup) await restoreWholeBackupOnce(settings.dataDir, settings.restoreBackup, now());
    // Rates and sampling run on the monotonic clock: a wall clock set back must not stall them.
    const monotonic = () => performance.now();
    const disk = new DiskUsage(settings.dataDir, {
      diskGb: settings.diskGb,
      minFreeBytes: settings.ingest.minFreeBytes,
      now: monotonic,
      onProbeError: (e) => console.error(JSON.stringify({ level: 'error', msg: 'free space check failed', err: String(e) })),
    });
    // The index brought level with the chunks (a crash may have left it behind), then the one
    // walk of the data folder; from here on ingest counts what it writes.
    storage = await SessionStore.open(settings.dataDir);
    const store = storage;
    await disk.refresh();
    // Wall-clock minutes, as the console's samples are: the meter closes each at its boundary.
    const network = new NetworkMeter(now);
    const ingestFacts = new IngestFacts(settings.dataDir);
    const state: AgentState = {
      settings,
      config: loadConfig(settings.dataDir),
      stats: new StatsSampler(disk, settings, network, ingestFacts),
      ingestFacts,
      disk,
      storage: store,
      limiter: new IngestLimiter(settings.ingest, MAX_EVENTS_BODY, monotonic),
      capture: new CaptureGate(),
      logger: new LoggerGate(),
      access: new AccessGate(),
      usedTokens: new UsedTokens(settings.dataDir, now()),
      passwords: new PasswordStore(settings.dataDir),
      signinFailures: new SigninFailures(),
      now,
      async applyRetention() {
        if (state.config.retentionDays === null) return;
        await removeOlderThan(settings.dataDir, store, state.config.retentionDays, now());
        await disk.refresh();
      },
    };
    const server = createServer((req, res) => void handle(req, res, state));
    network.watch(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const port = (server.address() as { port: number }).port;
    lock.update(port);
    const sweep = () => void state.applyRetention().catch((e: unknown) => console.error(JSON.stringify({ level: 'error', msg: 'retention sweep failed', err: String(e) })));
    sweep();
    const timer = setInterval(sweep, RETENTION_SWEEP_MS).unref();
    return {
      port,
      state,
      async close() {
        clearInterval(timer);
        network.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        // After the last request: nothing writes the index any more.
        await store.exclusive(() => store.close());
        lock.release();
      },
    };
  } catch (e) {
    storage?.close();
    lock.release();
    throw e;
  }
}
