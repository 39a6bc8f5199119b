import { z } from 'zod';
import { API_PREFIX } from '../http';
import { auditLabelOf, isCreate, type Endpoint } from '../endpoint';
import { SCIM_MEDIA_TYPE } from '../scim';
import { endpoints, type EndpointName } from '../endpoints';
import { exampleOf } from './sample';
import { SUMMARIES } from './summaries';
import { SchemaComponents } from './components';
import { ERROR_ENVELOPE, ERROR_ENVELOPE_NAME, ErrorResponses, byStatus, errorCodesOf, openToKeys } from './errors';
import { TAG_GROUPS, tagOf } from './tags';

/**
 * The API's OpenAPI 3.1 document, generated from the endpoint table: the same declarations the
 * server mounts and the SPA calls, so the document cannot drift from either. operationIds are
 * the table's keys; paths are the real ones (under /api).
 */

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

export interface OpenApiOptions {
  title: string;
  /** The console's public address (the document's server). */
  serverUrl: string;
  version?: string;
}

const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A person’s session: the `accessToken` that POST /api/login (or /api/signup) answers, sent as `Authorization: Bearer <token>`. It lives minutes; GET /api/refresh (with the refresh cookie) hands out the next one.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'rck_…',
    description:
      'An API key for a program, created under Team → API keys: a secret starting `rck_`, sent as `Authorization: Bearer rck_…`. It acts with its own role, never as a person, and is refused by the calls for people only (managing keys, a person’s own profile and sessions). Its answers carry rate-limit headers.',
  },
  operator: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The console’s operator token (the OPERATOR_TOKEN setting, docs/OPERATIONS.md), sent as `Authorization: Bearer <token>`: for the people who run the console (the support queue), never a member of an account. Unset, every operator call answers 401.',
  },
  scim: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'rcs_…',
    description:
      'An account’s SCIM token, created by an owner under Team → Provisioning and given to the identity provider (Okta, Entra ID): a secret starting `rcs_`, sent as `Authorization: Bearer rcs_…`. It opens the SCIM calls of its own account only, never any other call.',
  },
} as const;

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key with the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) and creates nothing more; with a different request it answers 422 `idempotency_mismatch`. Keys are per caller and per operation. 1 to 255 printable ASCII characters; a UUID is a good choice.',
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
  example: '5f0c1e0e-8a9b-4a43-9f11-3a2b0e6f1c2d',
};

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), whole (no `$ref`), as a request reads it or an answer writes it. */
function jsonSchemaOf(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** The schema's own first example (`.meta({ examples })`): zod leaves it out of an input schema whose fields have defaults. */
function declaredExample(schema: z.ZodType): unknown {
  const examples = z.globalRegistry.get(schema)?.examples;
  return Array.isArray(examples) ? examples[0] : undefined;
}

/** `/instances/:id` → `/api/instances/{id}` */
function openApiPath(path: string): string {
  return API_PREFIX + path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

/** The call's own summary, else the table's (summaries.ts), else its audit label; a call with none stops the document. */
function summaryOf(name: string, e: Endpoint): string {
  const summary = e.summary ?? SUMMARIES[name as EndpointName] ?? (e.audit && 'label' in e.audit ? auditLabelOf(e) : undefined);
  if (!summary) throw new Error(`The endpoint ${name} needs a summary for the API document (its declaration's \`summary\`).`);
  return summary;
}

/** Who may call it, said in the description (the security requirement says only which credentials). */
function accessNote(e: Endpoint): string {
  if (e.guard === 'public') return 'No credential needed.';
  if (e.guard === 'operator') return 'For the console’s operators only: the `OPERATOR_TOKEN` as a Bearer token; no member’s session or API key is accepted.';
  if (e.guard === 'scim')
    return 'For the account’s identity provider only: its SCIM token as a Bearer token; no member’s session or API key is accepted. SCIM’s wire (RFC 7644): the resource itself as `application/scim+json`; an error carries SCIM’s `schemas`, `status`, `scimType` and `detail` beside `errors` and `code`.';
  const who = e.guard === 'authenticated' ? 'Any signed-in person, for themselves.' : `Needs a role holding any of: ${e.guard.anyOf.map((p) => `\`${p}\``).join(', ')}.`;
  const keys = openToKeys(e) ? ' API keys may call it with the same rule.' : ' For people only: an API key is refused (403).';
  return who + keys;
}

/** Which credentials a call takes. */
function securityOf(e: Endpoint): Record<string, never[]>[] {
  if (e.guard === 'public') return [];
  if (e.guard === 'operator') return [{ operator: [] }];
  if (e.guard === 'scim') return [{ scim: [] }];
  return openToKeys(e) ? [{ session: [] }, { apiKey: [] }] : [{ session: [] }];
}

function parametersOf(e: Endpoint): unknown[] {
  const parameters: unknown[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query' | 'header') => {
    if (!schema) return;
    const json = jsonSchemaOf(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      if (where === 'header' && name === 'idempotency-key') continue;
      const { description, ...rest } = property;
      parameters.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(typeof description === 'string' && { description }),
        schema: rest,
      });
    }
  };
  add(e.params, 'path');
  add(e.query, 'query');
  add(e.headers, 'header');
  if (isCreate(e)) parameters.push(IDEMPOTENCY_KEY_PARAMETER);
  return parameters;
}

function successResponse(e: Endpoint, components: SchemaComponents) {
  const status = String(e.status ?? 200);
  const description = e.status === 201 ? 'Created.' : 'OK.';
  if (e.file) return { [status]: { description, content: { [e.file]: { schema: { type: 'string', contentEncoding: 'binary' } } } } };
  if (e.status === 204) return { [status]: { description: 'No content.' } };
  if (e.scim) return { [status]: { description, content: { [SCIM_MEDIA_TYPE]: { schema: components.output(e.response) } } } };
  // Each event's data is the response schema's JSON (OpenAPI 3.1 has no event-stream schema of its own).
  if (e.eventStream)
    return {
      [status]: {
        description: 'An event stream.',
        content: { 'text/event-stream': { schema: { type: 'string', description: `Events whose data is: ${JSON.stringify(jsonSchemaOf(e.response, 'output'))}` } } },
      },
    };
  const payload = components.output(e.response);
  const example = declaredExample(e.response) ?? exampleOf(payload, (ref) => components.resolve(ref));
  const media: Record<string, unknown> = { schema: { type: 'object', required: ['data'], properties: { data: payload } } };
  if (example !== undefined) media.example = { data: example };
  const declared: [string, Record<string, unknown>][] = Object.entries(e.answerHeaders ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }]);
  if (isCreate(e))
    declared.push(['Idempotent-Replayed', { description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } }]);
  const headers = declared.length ? Object.fromEntries(declared) : undefined;
  return { [status]: { description, ...(headers && { headers }), content: { 'application/json': media } } };
}

/** What the operations share, written once under `components`: the answers' named schemas and the error responses. */
interface Shared {
  schemas: SchemaComponents;
  errors: ErrorResponses;
}

function operationOf(name: string, e: Endpoint, shared: Shared) {
  const responses: Record<string, unknown> = { ...successResponse(e, shared.schemas) };
  for (const [status, codes] of byStatus(errorCodesOf(e))) responses[String(status)] = shared.errors.ref(status, codes);
  const operation: Record<string, unknown> = {
    operationId: name,
    summary: summaryOf(name, e),
    description: [e.description, accessNote(e), isCreate(e) && 'Honours an `Idempotency-Key`.', e.deprecated && `Deprecated since ${e.deprecated.since}; it stops answering on ${e.deprecated.sunset}.`]
      .filter(Boolean)
      .join('\n\n'),
    tags: [tagOf(e) ?? 'Other'],
    security: securityOf(e),
  };
  const parameters = parametersOf(e);
  if (parameters.length) operation.parameters = parameters;
  if (e.body) {
    const schema = jsonSchemaOf(e.body, 'input');
    const example = declaredExample(e.body) ?? exampleOf(schema);
    const media = { schema, ...(example !== undefined && { example }) };
    operation.requestBody = { required: true, content: e.scim ? { [SCIM_MEDIA_TYPE]: media, 'application/json': media } : { 'application/json': media } };
  }
  operation.responses = responses;
  if (e.deprecated) operation.deprecated = true;
  return operation;
}

/** The whole document. Pure and deterministic: the server builds it once and keeps it. */
export function openApiDocument(options: OpenApiOptions, table: Record<string, Endpoint> = endpoints) {
  const paths: Record<string, Record<string, unknown>> = {};
  const shared: Shared = { schemas: new SchemaComponents(), errors: new ErrorResponses() };
  for (const [name, e] of Object.entries(table)) {
    const path = openApiPath(e.path);
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: operationOf(name, e, shared) };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: options.title,
      version: options.version ?? '1.0.0',
      description:
        'The console’s API: everything the console’s own screens do. Every success answers `{ "data": … }`, every failure `{ "errors": [...], "code": "…" }` with the HTTP status of its code. Versioning, deprecation and idempotency: docs/API.md.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: options.serverUrl.replace(/\/+$/, ''), description: 'This console' }],
    tags: TAG_GROUPS.map(({ name, description }) => ({ name, description })),
    security: [{ session: [] }, { apiKey: [] }],
    paths,
    components: {
      schemas: shared.schemas.sorted({ [ERROR_ENVELOPE_NAME]: ERROR_ENVELOPE }),
      responses: shared.errors.sorted(),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
