import { eventConsumer, type DeliveredEvent } from '../../events/consumer';
import { newId } from '../../lib/ids';
import { draftOf, NOTIFYING_TYPES } from './notifications.catalogue';
import { recipientsOf } from './notifications.recipients.facts';
import { notificationsRepo } from './notifications.repo';

/**
 * Notifications from domain events, after the change committed (a slow fan-out never holds
 * the change back): one row per member who may see the event's subject, keyed by
 * (event, member), so a redelivered event notifies once.
 */
export const notificationsConsumer = eventConsumer({
  name: 'notifications',
  delivery: 'after-commit',
  types: NOTIFYING_TYPES,
  async handle(tx, event: DeliveredEvent) {
    const draft = draftOf(event);
    if (!draft) return;
    const to = await recipientsOf(tx, event.tenantId, draft.screen, draft.projectId);
    const at = new Date(event.at);
    await notificationsRepo(tx).add(
      to.map((r) => ({
        id: newId(),
        tenantId: event.tenantId,
        recipientId: r.userId,
        eventId: event.id,
        type: event.type,
        level: draft.level,
        category: draft.category,
        title: draft.title,
        description: draft.description,
        link: draft.link,
        source: draft.source,
        sourceId: draft.sourceId,
        projectId: draft.projectId,
        sourceMeta: draft.sourceMeta,
        createdAt: at,
      })),
    );
  },
});
