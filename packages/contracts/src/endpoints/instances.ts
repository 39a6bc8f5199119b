import { z } from 'zod';
import { instanceDetailsSchema } from '../instances/instance-details';
import { instanceEventsQuerySchema, instanceEventsSchema } from '../instances/instance-activity';
import { LIVE_POSITION_HEADER } from '../instances/live-status';
import {
  createInstanceSchema,
  instanceActionBodySchema,
  instanceIdParamsSchema,
  instanceJwtSchema,
  instanceListQuerySchema,
  instanceListSchema,
  instanceSchema,
  instanceStatusListSchema,
  instanceStatusOnlySchema,
  instanceStatusQuerySchema,
  proxyHealthSchema,
  updateInstanceSchema,
  validateDomainQuerySchema,
  validateDomainSchema,
} from '../instances/instances';
import { versionsSchema } from '../instances/versions';
import { liveStatusHeadersSchema, liveStatusResponseSchema } from '../instances/live-status';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

const BASE = '/managed-saas/instances';
const read = guardFor('instances');
const edit = guardFor('instancesEdit');
const params = instanceIdParamsSchema;
/** Every call about one instance names it by its `id` parameter, for the trail's instance filter. */
const about = (label: string) => ({ label, instanceParam: 'id' });

/**
 * Printable ASCII, as the IETF draft for the header allows; long enough for a UUID or a client's own scheme.
 * Loose: the validated headers replace the request's, and the other headers must stay (Accept-Encoding, User-Agent).
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 printable characters')
    .optional(),
});

/** Managed instances (spec section 7): reads need a view or edit permission, changes the edit one. */
export const instanceEndpoints = {
  instances: endpoint({
    method: 'GET',
    path: BASE,
    guard: read,
    query: instanceListQuerySchema,
    response: instanceListSchema,
    answerHeaders: {
      [LIVE_POSITION_HEADER]: 'The live status position this page is as of (digits): open `GET /managed-saas/instances/events` with it as `Last-Event-ID` to receive every change after the page.',
    },
  }),
  statuses: endpoint({
    method: 'POST',
    path: `${BASE}/status`,
    guard: read,
    body: instanceStatusQuerySchema,
    response: instanceStatusListSchema,
    audit: { unrecorded: 'a read with a body, polled by every open list' },
  }),
  /**
   * Live status push (contracts' live-status.ts): a Server-Sent Events stream of every change of an
   * instance the caller may see, filtered by their rights when each message is sent. Static, so it
   * wins over `:id`. A read: not recorded.
   */
  liveStatus: endpoint({
    method: 'GET',
    path: `${BASE}/events`,
    guard: read,
    headers: liveStatusHeadersSchema,
    response: liveStatusResponseSchema,
    eventStream: true,
    summary: 'Stream the changes of the instances you may see (server-sent events)',
    description:
      'A `text/event-stream`: each `instance` event carries `{ type, at, instanceId, instance }` (the instance as it is now, or null once gone), with the event position as `id`; a reconnect sends it back as `Last-Event-ID` and misses nothing, or gets a `resync` event when it is too old. Comment lines every 15 s keep it open. It ends when the session ends or the caller’s rights change.',
  }),
  validateDomain: endpoint({ method: 'GET', path: `${BASE}/validate-domain`, guard: read, query: validateDomainQuerySchema, response: validateDomainSchema }),
  /** A repeated Idempotency-Key (double click, retry after a lost answer) creates one instance. */
  createInstance: endpoint({
    method: 'POST',
    path: BASE,
    guard: guardFor('instancesCreate'),
    headers: idempotencyHeadersSchema,
    body: createInstanceSchema,
    response: instanceSchema,
    status: 201,
    audit: { label: 'Create instance' },
    /** The spend budget's hard stop (contracts' budgets.ts). */
    errors: ['budget_exhausted'],
  }),
  instance: endpoint({ method: 'GET', path: `${BASE}/:id`, guard: read, params, response: instanceDetailsSchema }),
  status: endpoint({ method: 'GET', path: `${BASE}/:id/status`, guard: read, params, response: instanceStatusOnlySchema }),
  updateInstance: endpoint({ method: 'PUT', path: `${BASE}/:id`, guard: edit, params, body: updateInstanceSchema, response: instanceSchema, audit: about('Update instance') }),
  deleteInstance: endpoint({ method: 'DELETE', path: `${BASE}/:id`, guard: edit, params, response: instanceSchema, audit: about('Delete instance') }),
  act: endpoint({
    method: 'POST',
    path: `${BASE}/:id/actions`,
    guard: edit,
    params,
    body: instanceActionBodySchema,
    response: instanceSchema,
    audit: about('Start, stop or terminate instance'),
  }),
  /** Hands out a login token, so it is recorded though a GET. */
  /** Signs a person into the instance's own UI as themselves: an API key is no one to sign in as (peopleOnly). */
  loginToken: endpoint({ method: 'GET', path: `${BASE}/:id/jwt`, guard: read, params, response: instanceJwtSchema, audit: about('Open instance'), peopleOnly: true }),
  proxyHealth: endpoint({ method: 'GET', path: `${BASE}/:id/health`, guard: read, params, response: proxyHealthSchema }),
  events: endpoint({ method: 'GET', path: `${BASE}/:id/user-activity`, guard: read, params, query: instanceEventsQuerySchema, response: instanceEventsSchema }),
  /** The product versions an instance can run, oldest first (the catalogue's list). */
  versions: endpoint({ method: 'GET', path: '/managed-saas/versions', guard: read, response: versionsSchema }),
} as const;
