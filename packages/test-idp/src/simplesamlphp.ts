import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { generate } from 'selfsigned';
import { authSourcesPhp, configPhp, idpHostedPhp, spRemotePhp, type SimpleSamlPhpServiceProvider, type SimpleSamlPhpUser } from './simplesamlphp-config.ts';
import { BrowserWalk, type PostedForm } from './simplesamlphp-walk.ts';

export type { SimpleSamlPhpServiceProvider, SimpleSamlPhpUser } from './simplesamlphp-config.ts';
export type { PostedForm } from './simplesamlphp-walk.ts';

/** Where Debian's simplesamlphp package puts its web root. */
export const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';

/**
 * Debian's SimpleSAMLphp as a SAML 2.0 IdP for tests: served by PHP's own web server on
 * 127.0.0.1 at a free port, with its configuration, keys and sessions in a folder of the run.
 * A real IdP, not ours: what the console accepts from it, it accepts from the IdPs companies run.
 */
export interface SimpleSamlPhp {
  baseUrl: string;
  /** The IdP's entity id (its metadata URL, SimpleSAMLphp's default). */
  entityId: string;
  /** SingleSignOnService, HTTP-Redirect binding. */
  ssoUrl: string;
  /** SingleLogoutService, HTTP-Redirect binding. */
  sloUrl: string;
  /** The certificate the IdP signs with (PEM). */
  certPem: string;
  /** The IdP's metadata document, as an owner would download it. */
  metadataXml(): Promise<string>;
  /** Lets the IdP answer another service provider, at once (SimpleSAMLphp rereads metadata per request). */
  addServiceProvider(sp: SimpleSamlPhpServiceProvider): Promise<void>;
  /**
   * For node tests and benches: a person's browser, walked by hand. Follows `redirectUrl` (the
   * AuthnRequest a service provider sent), signs in on the IdP's own login form, and returns the
   * form the IdP's page would post to the service provider. Keep the browser for logout.
   */
  browser(): SimpleSamlPhpBrowser;
  close(): Promise<void>;
}

export interface SimpleSamlPhpBrowser {
  signIn(redirectUrl: string, username: string, password: string): Promise<PostedForm>;
  /** Follows a redirect to the IdP (an SP's LogoutRequest) to where the IdP sends the browser back. */
  follow(url: string): Promise<string>;
  /** IdP-initiated logout of everything this browser signed in to: the first URL the IdP sends it to (an SP's LogoutRequest). */
  logoutAtIdp(): Promise<string>;
}

/** Whether Debian's SimpleSAMLphp and PHP (with its XML extension) are installed here. */
export function simpleSamlPhpAvailable(): boolean {
  if (!existsSync(`${SIMPLESAMLPHP_WWW}/module.php`)) return false;
  const probe = spawnSync('php', ['-r', 'exit(class_exists("DOMDocument") ? 0 : 1);']);
  return probe.status === 0;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function writeKeys(root: string): Promise<string> {
  const pems = await generate([{ name: 'commonName', value: 'simplesamlphp-test-idp' }], { keySize: 2048, algorithm: 'sha256', notBeforeDate: new Date(Date.now() - 3_600_000) });
  await writeFile(join(root, 'cert', 'idp.key'), pems.private, { mode: 0o600 });
  await writeFile(join(root, 'cert', 'idp.crt'), pems.cert);
  return pems.cert;
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`SimpleSAMLphp's PHP server exited: ${log()}`);
    const answer = await fetch(url).catch(() => null);
    if (answer?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`SimpleSAMLphp did not answer ${url}: ${log()}`);
}

export async function startSimpleSamlPhp(opts: { users: readonly SimpleSamlPhpUser[]; serviceProviders?: readonly SimpleSamlPhpServiceProvider[]; workers?: number }): Promise<SimpleSamlPhp> {
  if (!simpleSamlPhpAvailable()) throw new Error('SimpleSAMLphp is not installed: apt-get install simplesamlphp php-xml php-mbstring (.ci/run does).');
  const root = await mkdtemp(join(tmpdir(), 'simplesamlphp-'));
  for (const sub of ['cert', 'log', 'data', 'metadata']) await mkdir(join(root, sub));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const certPem = await writeKeys(root);
  const sps = [...(opts.serviceProviders ?? [])];
  await writeFile(join(root, 'config.php'), configPhp({ root, baseUrl }, randomBytes(24).toString('hex')));
  await writeFile(join(root, 'authsources.php'), authSourcesPhp(opts.users));
  await writeFile(join(root, 'metadata', 'saml20-idp-hosted.php'), idpHostedPhp());
  await writeFile(join(root, 'metadata', 'saml20-sp-remote.php'), spRemotePhp(sps));

  // PHP's server answers one request at a time unless given workers (Linux only).
  const env = { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: root, PHP_CLI_SERVER_WORKERS: String(opts.workers ?? 1) };
  // A process group of its own: with workers, PHP forks them, and they must end with it (a SIGTERM to the parent alone leaves them running).
  const child = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW], { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const metadataUrl = `${baseUrl}/saml2/idp/metadata.php`;
  await waitUntilServing(metadataUrl, child, () => stderr);

  return {
    baseUrl,
    entityId: metadataUrl,
    ssoUrl: `${baseUrl}/saml2/idp/SSOService.php`,
    sloUrl: `${baseUrl}/saml2/idp/SingleLogoutService.php`,
    certPem,
    metadataXml: async () => (await fetch(metadataUrl)).text(),
    async addServiceProvider(sp) {
      sps.push(sp);
      await writeFile(join(root, 'metadata', 'saml20-sp-remote.php'), spRemotePhp(sps));
    },
    browser: () => new BrowserWalk(baseUrl),
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid!, 'SIGTERM');
        await exited;
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}
