import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env';
import { createInfrastructureDriver } from '../../src/infra';

/** INFRA_DRIVER and the Kubernetes settings, as the console reads them at boot. */
describe('choosing the infrastructure driver', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/unused-data-dir' };

  it('is the local driver unless told otherwise', () => {
    expect(createInfrastructureDriver(parseEnv(base)).kind).toBe('local');
  });

  it('is the Kubernetes driver with its image and domain, building it without calling the cluster', () => {
    const env = parseEnv({ ...base, INFRA_DRIVER: 'kubernetes', KUBE_AGENT_IMAGE: 'registry.example:5000/acme/replay-agent', KUBE_INGRESS_DOMAIN: 'instances.example.com' });
    expect(env).toMatchObject({ KUBE_NAMESPACE: 'replay-instances', KUBE_INGRESS_CLASS: 'nginx', KUBE_API_TIMEOUT_SECONDS: 10 });
    const driver = createInfrastructureDriver(env);
    expect(driver.kind).toBe('kubernetes');
    expect(driver.browserSources).toEqual(['https://*.instances.example.com']);
  });

  it('gives a local agent asked to stop 5 s before killing it unless told otherwise, 1 to 120 s', () => {
    expect(parseEnv(base).AGENT_STOP_GRACE_SECONDS).toBe(5);
    expect(parseEnv({ ...base, AGENT_STOP_GRACE_SECONDS: '2' }).AGENT_STOP_GRACE_SECONDS).toBe(2);
    for (const bad of ['0', '121', '1.5', 'soon']) expect(() => parseEnv({ ...base, AGENT_STOP_GRACE_SECONDS: bad })).toThrow('AGENT_STOP_GRACE_SECONDS');
  });

  it('refuses a Kubernetes console without its image or domain, an image with a tag, or a bad namespace, saying which', () => {
    expect(() => parseEnv({ ...base, INFRA_DRIVER: 'kubernetes' })).toThrow('INFRA_DRIVER=kubernetes needs KUBE_AGENT_IMAGE and KUBE_INGRESS_DOMAIN');
    const k8s = { ...base, INFRA_DRIVER: 'kubernetes', KUBE_INGRESS_DOMAIN: 'instances.example.com' };
    expect(() => parseEnv({ ...k8s, KUBE_AGENT_IMAGE: 'acme/replay-agent:1.21' })).toThrow('KUBE_AGENT_IMAGE has no tag');
    expect(() => parseEnv({ ...k8s, KUBE_AGENT_IMAGE: 'acme/replay-agent', KUBE_NAMESPACE: 'Replay_NS' })).toThrow('KUBE_NAMESPACE is a namespace name');
    expect(() => parseEnv({ ...base, INFRA_DRIVER: 'nomad' })).toThrow('INFRA_DRIVER');
  });
});
