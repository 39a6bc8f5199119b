import { CATALOGUE_VERSIONS, LATEST_VERSION, sortVersions, type ProductVersion } from '@replay/contracts';
import type { Env } from '../config/env';

/**
 * The versions this console offers: the contracts' catalogue, plus those its
 * operator registers (EXTRA_VERSIONS), each with where its agent comes from.
 * One object built from the settings, read by the driver (which agent to run
 * for a version) and by the services (what a member may upgrade to, what a
 * new instance gets), so the list the drawer shows is the list the API
 * accepts and the driver can run.
 */
export interface VersionRegistry {
  /** Every version offered, oldest first. */
  readonly offered: readonly ProductVersion[];
  /** What a new instance runs. */
  readonly forNewInstances: string;
  has(version: string): boolean;
  /** The agent file to run for a version; null for the bundled agent (`@replay/agent/main`). */
  agentEntry(version: string): string | null;
  /** The build commit an operator registered for a version's agent; null for the bundled agent, which has no build of its own. */
  commitOf(version: string): string | null;
}

export interface ExtraVersion {
  version: string;
  agentEntry?: string;
  tracker?: string;
  release?: string;
  commit?: string;
}

export function versionRegistry(opts: { extra?: readonly ExtraVersion[]; forNewInstances?: string } = {}): VersionRegistry {
  const entries = new Map<string, string | null>(CATALOGUE_VERSIONS.map((v) => [v.version, null]));
  const offered = new Map<string, ProductVersion>(CATALOGUE_VERSIONS.map((v) => [v.version, v]));
  const commits = new Map<string, string>();
  for (const extra of opts.extra ?? []) {
    // An operator's entry for a catalogue version replaces its agent; its compatibility stays the catalogue's unless given.
    const known = offered.get(extra.version);
    offered.set(extra.version, {
      version: extra.version,
      release: extra.release ?? known?.release ?? `${extra.version}.0`,
      tracker: extra.tracker ?? known?.tracker ?? null,
    });
    entries.set(extra.version, extra.agentEntry ?? null);
    if (extra.commit) commits.set(extra.version, extra.commit);
  }
  const forNewInstances = opts.forNewInstances ?? LATEST_VERSION;
  if (!offered.has(forNewInstances)) throw new Error(`NEW_INSTANCE_VERSION ${forNewInstances} is not an offered version (${[...offered.keys()].join(', ')})`);
  const list = sortVersions([...offered.values()]);
  return {
    offered: list,
    forNewInstances,
    has: (version) => offered.has(version),
    agentEntry: (version) => entries.get(version) ?? null,
    commitOf: (version) => commits.get(version) ?? null,
  };
}

/** The registry the settings describe. */
export function versionRegistryOf(env: Pick<Env, 'EXTRA_VERSIONS' | 'NEW_INSTANCE_VERSION'>): VersionRegistry {
  return versionRegistry({ extra: env.EXTRA_VERSIONS, forNewInstances: env.NEW_INSTANCE_VERSION });
}
