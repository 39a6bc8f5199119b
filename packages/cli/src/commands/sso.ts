import { unwrap } from '@replay/client';
import type { Command } from 'commander';
import { contextOf, type Ctx } from '../context';
import { isoTime, printJson, printTable, type Io } from '../io';

const readSettings = (ctx: Ctx) => unwrap(ctx.client().GET('/api/client/sso'));
type Settings = Awaited<ReturnType<typeof readSettings>>;

function printSettings(ctx: Ctx, s: Settings): void {
  if (ctx.json) return printJson(ctx.io, s);
  const c = s.connection;
  if (!c) ctx.io.out('Single sign-on is not set up.\n');
  else {
    const where = c.oidc ? `OIDC ${c.oidc.issuer} (client ${c.oidc.clientId})` : `SAML ${c.saml?.entryPoint ?? ''}`;
    ctx.io.out(`${where}: ${c.state}\n`);
    if (c.lastTest) ctx.io.out(`Last test ${isoTime(c.lastTest.at)}: ${c.lastTest.passed ? 'passed' : 'failed'}. ${c.lastTest.detail}\n`);
  }
  printServiceProvider(ctx, s);
  printDomains(ctx, s.domains);
}

/** What the IdP is given, for the connection's protocol (both before one is saved). */
function printServiceProvider(ctx: Ctx, s: Settings): void {
  const sp = s.serviceProvider;
  const protocol = s.connection?.protocol;
  if (protocol !== 'saml') ctx.io.out(`Give the IdP: redirect URI ${sp.oidcRedirectUri}, back-channel logout URI ${sp.oidcBackchannelLogoutUri}\n`);
  if (protocol === 'oidc') return;
  ctx.io.out(`Give the IdP: entity ID ${sp.samlEntityId}, ACS URL ${sp.samlAcsUrl}, single logout URL ${sp.samlSloUrl}\n`);
  const saml = s.connection?.saml;
  if (saml) ctx.io.out(saml.spCert ? `SP metadata with the console's signing certificate: ${saml.spMetadataUrl}\n` : 'No signing certificate yet: save the connection again to make one.\n');
}

function printDomains(ctx: Ctx, domains: Settings['domains']): void {
  printTable(
    ctx.io,
    [
      ['ID', (d) => d.id],
      ['DOMAIN', (d) => d.domain],
      ['STATUS', (d) => d.status],
      ['CODE MAILED TO', (d) => d.email],
    ],
    domains,
    'No domain claimed.',
  );
}

/**
 * `replay sso show|enforce|domains …`: the account's console single sign-on. The console lets
 * only the account's owner manage it, so these need the owner's access token in REPLAY_API_KEY
 * (an API key is refused, exit code 3, with the console's reason).
 */
export function registerSso(program: Command, io: Io): void {
  const sso = program.command('sso').description("the account's console single sign-on (the owner's access token: keys are refused)");

  sso
    .command('show')
    .description('the connection, its state and last test, and the claimed domains')
    .action(async (_opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      printSettings(ctx, await readSettings(ctx));
    });

  sso
    .command('enforce')
    .description('refuse password sign-in for the claimed domains (--off to allow it again); the owner keeps break-glass')
    .option('--off', 'stop enforcing')
    .action(async (opts: { off?: boolean }, command: Command) => {
      const ctx = contextOf(io, command);
      printSettings(ctx, await unwrap(ctx.client().PUT('/api/client/sso/enforcement', { body: { enforced: !opts.off } })));
    });

  const domains = sso.command('domains').description('claimed domains: claim one by an address at it, verify with the mailed code');
  domains
    .command('claim')
    .description('claim the domain of EMAIL; a code is mailed to that address')
    .argument('<email>', 'an address at the domain, like it@example.com')
    .action(async (email: string, _opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      const d = await unwrap(ctx.client().POST('/api/client/sso/domains', { body: { email } }));
      if (ctx.json) return printJson(io, d);
      io.out(`${d.domain}: a code was mailed to ${d.email}. Verify with: replay sso domains verify ${d.id} <code>\n`);
    });
  domains
    .command('verify')
    .description('verify a claimed domain with the code mailed to its address')
    .argument('<id>', 'the domain id (replay sso show)')
    .argument('<code>', 'the 8-digit code')
    .action(async (id: string, code: string, _opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      const d = await unwrap(ctx.client().POST('/api/client/sso/domains/{id}/verify', { params: { path: { id } }, body: { code } }));
      if (ctx.json) return printJson(io, d);
      io.out(`${d.domain}: ${d.status}\n`);
    });
  domains
    .command('remove')
    .description('remove a claimed domain')
    .argument('<id>', 'the domain id')
    .action(async (id: string, _opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      await unwrap(ctx.client().DELETE('/api/client/sso/domains/{id}', { params: { path: { id } } }));
      if (!ctx.json) io.out('Removed.\n');
    });
}
