import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ApiRoute } from '../../src/modules/audit/audit.plugin';

/**
 * Helpers for the tests generated from the server's own route table
 * (app.apiRoutes): they cover every /api route, including the ones added
 * after these tests were written.
 */

/** `:id`-style parameters of a route pattern. */
export const pathParams = (url: string): string[] => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** The route's path with every parameter filled in. */
export function fillPath(url: string, value: (param: string) => string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(value(name))).replace(/\*$/, 'x');
}

export type JsonSchema = {
  type?: string | string[];
  examples?: unknown[];
  const?: unknown;
  default?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  multipleOf?: number;
};

/** A plausible value for a JSON schema: examples first, then defaults, enums and formats. */
function sampleOf(s: JsonSchema | undefined, full = false): unknown {
  if (!s) return undefined;
  if (s.examples?.length) return s.examples[0];
  if ('const' in s) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  const alternative = s.anyOf ?? s.oneOf;
  if (alternative?.length) return sampleOf(alternative.find((a) => a.type !== 'null') ?? alternative[0], full);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((part) => sampleOf(part, full) as object));
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const keys = full ? Object.keys(s.properties ?? {}) : (s.required ?? []);
      for (const key of keys) out[key] = sampleOf(s.properties?.[key], full);
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(s.items, full));
    case 'string': {
      if (s.format === 'email') return 'someone@example.com';
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'uri' || s.format === 'url') return 'https://example.com';
      if (s.format === 'date-time') return new Date().toISOString();
      const text = 'sample'.padEnd(s.minLength ?? 0, 'x');
      return s.maxLength !== undefined ? text.slice(0, s.maxLength) : text;
    }
    case 'integer':
    case 'number': {
      const base = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return s.multipleOf ? Math.ceil(base / s.multipleOf) * s.multipleOf : base;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/**
 * The schema that gives a body its shape: a preprocessing step (e.g. "no
 * body means no filters") says nothing of the shape, the schema after it does.
 */
function shaped(schema: z.ZodType): z.ZodType {
  type Def = { type: string; in?: z.ZodType; out?: z.ZodType };
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  return def.type === 'pipe' && def.in?._zod.def.type === 'transform' && def.out ? shaped(def.out) : schema;
}

/** The JSON schema of what a route's zod schema accepts (its input side), or null when it has none. */
export function inputShapeOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(shaped(schema), { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * A body (or query) the route's zod schema accepts, when one can be made:
 * from the schema's examples (contracts annotate theirs with .meta) or its
 * JSON-schema shape. `valid` says whether the schema really accepts it.
 */
export function sampleFor(schema: unknown): { value: unknown; valid: boolean } {
  if (!(schema instanceof z.ZodType)) return { value: undefined, valid: true };
  const example = (shaped(schema).meta() as { examples?: unknown[] } | undefined)?.examples?.[0];
  if (example !== undefined) return { value: example, valid: schema.safeParse(example).success };
  const json = inputShapeOf(schema);
  if (!json) return { value: {}, valid: false };
  // Required fields only, else every field (for schemas that want at least one of their optional ones).
  for (const full of [false, true]) {
    const value = sampleOf(json, full) ?? {};
    if (schema.safeParse(value).success) return { value, valid: true };
  }
  return { value: sampleOf(json) ?? {}, valid: false };
}

/** The query string of a sample, every value as text. */
export const asQuery = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

export const describeRoute = (r: ApiRoute) => `${r.method} ${r.url}`;

export const guardLabel = (r: ApiRoute) => (typeof r.guard === 'string' ? r.guard : `any of ${r.guard.anyOf.join(', ')}`);

/** What the generated suites read of an answer. */
export interface InjectedAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json(): unknown;
}

/**
 * One call of a route of the table, answered in full. An event stream (the
 * live status push) stays open by design: it is read as a stream, and once it
 * has opened (200 and its first bytes) it is ended the way the server ends
 * every stream at shutdown, so its answer is whole too; a refusal before it
 * opens is an ordinary error answer.
 */
export async function injectRoute(app: FastifyInstance, route: Pick<ApiRoute, 'eventStream'>, options: InjectOptions): Promise<InjectedAnswer> {
  if (!route.eventStream) return app.inject(options);
  const res = await app.inject({ ...options, payloadAsStream: true });
  const chunks: Buffer[] = [];
  const stream = res.stream();
  if (res.statusCode === 200) {
    const first = await new Promise<Buffer>((resolve, reject) => stream.once('data', resolve).once('error', reject));
    chunks.push(first);
    app.services.liveStatus.closeAll();
  }
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  return { statusCode: res.statusCode, headers: res.headers, body, json: () => JSON.parse(body) };
}
