import { z } from 'zod';

/** What the agent answers (besides its config): read leniently by the console, so an agent that says more still answers. */

const share = z.object({ usedBytes: z.number(), totalBytes: z.number(), percent: z.number() });

/**
 * Bytes in and out of the agent's own HTTP server: totals since it started,
 * and the last complete wall-clock minute (`start` in epoch ms; null before
 * the agent has seen a minute end). The agent closes each minute itself, so
 * every reader sees the same figures however often it asks.
 */
export const agentNetworkSchema = z.object({
  inBytes: z.number(),
  outBytes: z.number(),
  lastMinute: z.object({ start: z.number(), inBytes: z.number(), outBytes: z.number() }).nullable(),
});

/** When the instance first stored a recording, and first one carrying a user id (epoch ms; null: not yet). */
export const agentIngestFactsSchema = z.object({ firstRecordingAt: z.number().nullable(), firstIdentifiedAt: z.number().nullable() });

/**
 * `GET /api/stats`: this agent's CPU, memory and disk as shares of the instance it stands for, and its network traffic.
 * CPU is a share of the instance's vCPUs (`vcpu`: as configured; nothing on one machine enforces a CPU count);
 * memory is the V8 heap in use against the heap limit the process really runs with (start.ts's `agentHeapLimitMib`).
 */
export const agentStatsSchema = z.object({
  cpu: z.object({ percent: z.number(), vcpu: z.number().optional() }),
  memory: share,
  disk: share,
  network: agentNetworkSchema,
  /** Sessions this agent has seen since it started: recorded, and left out by the capture rate (capture.ts). */
  capture: z.object({ acceptedSessions: z.number(), sampledOutSessions: z.number() }).optional(),
  /** Tracker requests (recordings and errors) refused by the logger options since it started: by client address, by page domain (logger.ts). */
  logger: z.object({ refusedAddresses: z.number(), refusedDomains: z.number() }).optional(),
  sampledAt: z.number(),
  /** What ingest has seen (the console's getting-started steps); absent from agents older than it. */
  ingest: agentIngestFactsSchema.optional(),
});

/**
 * `GET /api/health`, to anyone (the console's browser asks without credentials):
 * a non-empty `tenants` is the spec's health rule; they carry no names. The
 * resources let a driver see whether a type change or disk resize has reached
 * the running process.
 */
export const agentHealthSchema = z.object({
  status: z.string(),
  instanceId: z.string(),
  version: z.string(),
  /** The newest tracker the version reads (agent-protocol's TRACKER_COMPATIBILITY); null for a version older than the table. */
  tracker: z.string().nullable(),
  tenants: z.array(z.object({ active: z.boolean() })),
  resources: z.object({ vcpu: z.number(), memoryGb: z.number(), diskGb: z.number() }),
});

export const cleanupResultSchema = z.object({ removedDays: z.array(z.string()), removedBytes: z.number(), cleanedAt: z.number() });
/** What a cleanup at each asked age would free now, and the disk's figures beside it. */
export const cleanupPreviewResultSchema = z.object({
  ages: z.array(z.object({ days: z.number(), bytes: z.number() })),
  /** Every kept day's recordings and errors together; absent from agents older than it. */
  recordedBytes: z.number().optional(),
  usedBytes: z.number(),
  totalBytes: z.number(),
});
export const backupResultSchema = z.object({ name: z.string(), createdAt: z.number(), bytes: z.number() });
/** A restore done: which backup, under which request id (asked again, it is answered from this), and when. */
export const restoreResultSchema = z.object({ name: z.string(), restoreId: z.string(), restoredAt: z.number(), bytes: z.number() });
export const diskResultSchema = z.object({ diskGb: z.number() });

/** Every refusal: the first message says why. */
export const agentErrorSchema = z.object({ errors: z.array(z.string()).min(1) });

export type AgentStats = z.infer<typeof agentStatsSchema>;
export type AgentNetwork = z.infer<typeof agentNetworkSchema>;
export type AgentIngestFacts = z.infer<typeof agentIngestFactsSchema>;
export type AgentHealth = z.infer<typeof agentHealthSchema>;
export type CleanupResult = z.infer<typeof cleanupResultSchema>;
export type CleanupPreviewResult = z.infer<typeof cleanupPreviewResultSchema>;
export type BackupResult = z.infer<typeof backupResultSchema>;
export type RestoreResult = z.infer<typeof restoreResultSchema>;
