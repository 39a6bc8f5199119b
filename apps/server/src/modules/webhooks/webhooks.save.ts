import { canOpenScreen, WEBHOOK_MESSAGES, webhookFamilyOf, type Webhook } from '@replay/contracts';
import type { Db } from '../../db/client';
import { emitEvent } from '../../events/emit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { seal } from '../../lib/seal';
import { checkedTarget, TargetRefused } from '../../lib/ssrf-guard';
import { credentialToStore, endpointToStore, eventTypesToStore, type SaveInput } from './webhooks.channel-input';
import { webhooksRepo, type WebhookRow } from './webhooks.repo';
import { newWebhookSecret } from './webhooks.send';
import type { WebhooksDeps } from './webhooks.deps';
import { credentialBinding, secretBinding, webhookRef, webhookToWire } from './webhooks.wire';

/** Settings → Webhooks' form: a new endpoint, or an endpoint changed, with its checks. */

export const webhookActorOf = (p: Principal) => ({ userId: p.userId, name: p.name });

/** The caller's account's webhook, or 404 (another account's is as unknown as none). */
export async function ownedWebhook(db: Db, p: Principal, id: string): Promise<WebhookRow> {
  const row = await webhooksRepo(db).find(p.tenantId, id);
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

/** A caller subscribes only to families whose screen they may open (see contracts' WEBHOOK_EVENT_FAMILIES). */
function checkFamilies(p: Principal, types: readonly string[]): void {
  for (const type of types) {
    const family = webhookFamilyOf(type);
    if (!family) throw badRequest(WEBHOOK_MESSAGES.unknownEventType);
    if (!canOpenScreen(p.permissions, family.screen)) throw forbidden(WEBHOOK_MESSAGES.familyNotAllowed(family.label.toLowerCase()));
  }
}

/** Refuses (400) an endpoint that resolves to an internal address, unless the operator allows them. */
async function checkTarget(deps: WebhooksDeps, endpoint: string): Promise<void> {
  try {
    await checkedTarget(new URL(endpoint), { allowPrivate: deps.allowPrivate, resolve: deps.resolve });
  } catch (err) {
    if (err instanceof TargetRefused) throw badRequest(err.reason === 'internal' ? WEBHOOK_MESSAGES.privateTarget : WEBHOOK_MESSAGES.unresolvable);
    throw err;
  }
}

/** What the form decides, checked: the events, the endpoint and the credential to store. */
interface CheckedFields {
  eventTypes: string[];
  endpoint: string;
  /** undefined: an update leaves the stored credential as it is. */
  credential: string | null | undefined;
}

async function createWebhook(deps: WebhooksDeps, p: Principal, input: SaveInput, fields: CheckedFields): Promise<{ webhook: Webhook; secret: string }> {
  const id = newId();
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  const { eventTypes, endpoint, credential } = fields;
  const row = await deps.db.transaction(async (tx) => {
    const created = await webhooksRepo(tx).insert({
      id,
      tenantId: p.tenantId,
      type: input.type,
      name: input.name,
      endpoint,
      eventTypes,
      secretSealed: seal(deps.sealKey, secret, secretBinding(id)),
      authHeaderSealed: credential ? seal(deps.sealKey, credential, credentialBinding({ id, type: input.type })) : null,
      createdAt: now,
      updatedAt: now,
    });
    await emitEvent(tx, { type: 'webhook.created', tenantId: p.tenantId, actor: webhookActorOf(p), at: now.getTime(), webhook: webhookRef(created), eventTypes });
    return created;
  });
  return { webhook: webhookToWire(row), secret };
}

async function updateWebhook(deps: WebhooksDeps, p: Principal, id: string, input: SaveInput, fields: CheckedFields): Promise<Webhook> {
  const now = deps.clock.now();
  const { eventTypes, endpoint, credential } = fields;
  const authHeaderChanged = credential !== undefined;
  const sealed = credential ? seal(deps.sealKey, credential, credentialBinding({ id, type: input.type })) : null;
  const row = await deps.db.transaction(async (tx) => {
    const changes = { type: input.type, name: input.name, endpoint, eventTypes, updatedAt: now, ...(authHeaderChanged ? { authHeaderSealed: sealed } : {}) };
    const updated = await webhooksRepo(tx).update(p.tenantId, id, changes);
    if (!updated) throw notFound(WEBHOOK_MESSAGES.notFound);
    await emitEvent(tx, { type: 'webhook.updated', tenantId: p.tenantId, actor: webhookActorOf(p), at: now.getTime(), webhook: webhookRef(updated), eventTypes, authHeaderChanged });
    return updated;
  });
  return webhookToWire(row);
}

/** Creates (answering the secret, once) or updates a webhook. */
export async function saveWebhook(deps: WebhooksDeps, p: Principal, input: SaveInput): Promise<{ webhook: Webhook; secret: string | null }> {
  const stored = input.webhookId ? await ownedWebhook(deps.db, p, input.webhookId) : null;
  // Stored types absent from an update are judged again: moving the endpoint must not redirect events closed to the caller.
  const eventTypes = eventTypesToStore(input, stored, p.permissions);
  checkFamilies(p, eventTypes);
  const fields: CheckedFields = { eventTypes, endpoint: endpointToStore(input, stored), credential: credentialToStore(input, stored) };
  await checkTarget(deps, fields.endpoint);
  if (!input.webhookId) return createWebhook(deps, p, input, fields);
  return { webhook: await updateWebhook(deps, p, input.webhookId, input, fields), secret: null };
}
