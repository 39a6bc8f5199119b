import { ADMIN_CALLS, agentCommand, agentHeapLimitMib, type AgentStart } from '@replay/agent-protocol';
import { describe, expect, it } from 'vitest';
import { readSettings } from '../src/settings.ts';

describe('the protocol, as the agent reads it', () => {
  it("reads back exactly what a driver's start command says, with the secrets from the environment only", () => {
    const start: AgentStart = {
      instanceId: 'inst-1',
      name: 'Checkout replay',
      dataDir: '/tmp/inst-1/data',
      port: 4101,
      host: '127.0.0.1',
      version: '1.21',
      consoleOrigin: 'http://localhost:3000',
      tenantName: 'Acme',
      vcpu: 4,
      memoryGb: 16,
      diskGb: 240,
      secret: 's'.repeat(43),
      projectKey: 'k'.repeat(20),
    };
    const { args, env } = agentCommand(start);
    expect(args.join(' ')).not.toContain(start.secret);
    expect(args.join(' ')).not.toContain(start.projectKey);
    const { ingest: _limits, restoreBackup, ...settings } = readSettings(env, args);
    expect(settings).toEqual(start);
    // Only a driver that restores an upgrade's backup at start asks for it.
    expect(restoreBackup).toBeNull();
  });

  it("starts the agent's Node with its size's heap limit, 16 MiB per GB of the catalogue", () => {
    const base = { instanceId: 'i', name: 'n', dataDir: '/d', port: 1, host: 'h', version: '1.21', consoleOrigin: 'http://c', tenantName: 't', vcpu: 2, diskGb: 1, secret: 's', projectKey: 'k' };
    expect(agentCommand({ ...base, memoryGb: 8 }).env.NODE_OPTIONS).toBe('--max-old-space-size=128');
    expect(agentCommand({ ...base, memoryGb: 16 }).env.NODE_OPTIONS).toBe('--max-old-space-size=256');
    expect(agentCommand({ ...base, memoryGb: 32 }).env.NODE_OPTIONS).toBe('--max-old-space-size=512');
    expect(agentHeapLimitMib(1)).toBe(32);
  });

  it('refuses a flag that is only an inherited name', () => {
    expect(() => readSettings({}, ['--constructor', 'x'])).toThrow('Unknown argument: --constructor');
  });

  it('checks a config change field by field, naming what is wrong', () => {
    const reason = (body: unknown) => ADMIN_CALLS.applyConfig.body.safeParse(body).error?.issues[0]?.message;
    expect(reason({ retentionDays: 30, corsOrigins: ['https://shop.example'], sso: null })).toBeUndefined();
    expect(reason([])).toBe('Expected a JSON object');
    expect(reason({ retention: 3 })).toBe('Unknown fields: retention');
    expect(reason({ retentionDays: 0 })).toBe('retentionDays must be a whole number of days from 1 to 3650, or null');
    expect(reason({ corsOrigins: ['https://a.example/path'] })).toBe('corsOrigins must be a list of origins such as https://app.example.com');
    expect(reason({ corsOrigins: ['https://a.example', 'https://a.example'] })).toBe('corsOrigins must not repeat an origin');
    expect(reason({ sso: 'on' })).toBe('sso must be an object or null');
    const sso = { idpEntityId: 'e', idpName: 'n', idpSsoUrl: 'u', idpX509cert: 'c', idpSlsUrl: null, enforceSSO: true };
    expect(reason({ sso: { ...sso, extra: 1 } })).toBe('Unknown sso fields: extra');
    expect(reason({ sso: { ...sso, idpSsoUrl: 3 } })).toBe('sso.idpSsoUrl must be text');
    expect(reason({ sso: { ...sso, enforceSSO: 'yes' } })).toBe('sso.enforceSSO must be true or false');
  });

  it('takes a cleanup and a disk resize as one whole number within bounds, and nothing else', () => {
    expect(ADMIN_CALLS.cleanup.body.parse({ days: 0 })).toEqual({ days: 0 });
    for (const body of [{ days: -1 }, { days: 1.5 }, { days: 3651 }, { days: 7, more: 1 }, {}]) {
      expect(ADMIN_CALLS.cleanup.body.safeParse(body).error?.issues[0]?.message).toBe('Expected { "days": a whole number from 0 to 3650 }');
    }
    expect(ADMIN_CALLS.resizeDisk.body.safeParse({ diskGb: 0 }).error?.issues[0]?.message).toBe('Expected { "diskGb": a whole number from 1 to 65536 }');
  });
});
