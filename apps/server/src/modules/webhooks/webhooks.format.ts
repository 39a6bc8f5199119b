import type { WebhookType } from '@replay/contracts';
import { headlineOf, parseEventMessage } from './webhooks.format-text';
import { slackMessage } from './webhooks.format-slack';
import { teamsMessage } from './webhooks.format-msteams';
import { pagerDutyEvent } from './webhooks.format-pagerduty';

/** What rendering needs besides the stored message: where the console is, whose it is, and PagerDuty's key. */
export interface RenderContext {
  /** The console's public address: links in chat cards and incidents point into it. */
  publicUrl: string;
  tenantId: string;
  messageId: string;
  /** The PagerDuty integration key (opened just before sending), or the mask when shown in the log. */
  routingKey: string | null;
}

/** How the delivery log shows a PagerDuty integration key: the body as sent, the key masked. */
export const MASKED_ROUTING_KEY = '••••••';

/**
 * The body an endpoint of `type` is sent for a stored message. A delivery stores the one
 * Standard Webhooks message (`{type, timestamp, data}`); a plain webhook gets exactly that,
 * the services their own format rendered from it at each attempt, so the PagerDuty key is
 * never written into the delivery log and a replay follows the endpoint's type and key now.
 */
export function renderBody(type: WebhookType, stored: string, c: RenderContext): string {
  if (type === 'webhook') return stored;
  const message = parseEventMessage(stored);
  const headline = headlineOf(message, c.publicUrl);
  switch (type) {
    case 'slack':
      return JSON.stringify(slackMessage(message, headline));
    case 'msteams':
      return JSON.stringify(teamsMessage(message, headline));
    case 'pagerduty':
      return JSON.stringify(pagerDutyEvent(message, headline, { tenantId: c.tenantId, messageId: c.messageId, routingKey: c.routingKey ?? '' }));
  }
}
