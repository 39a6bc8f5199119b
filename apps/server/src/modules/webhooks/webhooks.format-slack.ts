import type { ActionsBlock, ContextBlock, HeaderBlock, KnownBlock, SectionBlock } from '@slack/types';
import { clip, type EventMessage, type Headline } from './webhooks.format-text';

/** A Slack incoming webhook's body: Block Kit blocks, and `text` for notifications and clients that show no blocks. */
export interface SlackMessage {
  text: string;
  blocks: KnownBlock[];
}

/** Slack's documented limits: a header's text, a section's text, a context element, a button's label. */
export const SLACK_LIMITS = { header: 150, section: 3000, context: 2000, button: 75, url: 3000 } as const;

/** mrkdwn's control characters, escaped as Slack documents: &, < and > (the rest is literal text). */
const escapeMrkdwn = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * An event as a Slack message: a header with the title, a section with what happened, a
 * context line with the facts and time, and a button to its console page. No colour: an
 * incoming webhook's blocks have none; the words say whether it fired or cleared.
 */
export function slackMessage(m: EventMessage, h: Headline): SlackMessage {
  const header: HeaderBlock = { type: 'header', text: { type: 'plain_text', text: clip(h.title, SLACK_LIMITS.header), emoji: false } };
  const section: SectionBlock = { type: 'section', text: { type: 'mrkdwn', text: clip(escapeMrkdwn(h.detail), SLACK_LIMITS.section) } };
  const facts = [
    ...h.facts.map(([label, value]) => `*${escapeMrkdwn(label)}:* ${escapeMrkdwn(value)}`),
    `<!date^${Math.floor(Date.parse(m.timestamp) / 1000)}^{date_short_pretty} {time}|${m.timestamp}>`,
  ];
  const context: ContextBlock = { type: 'context', elements: [{ type: 'mrkdwn', text: clip(facts.join('  ·  '), SLACK_LIMITS.context) }] };
  const blocks: KnownBlock[] = [header, section, context];
  if (h.link) {
    const actions: ActionsBlock = {
      type: 'actions',
      elements: [{ type: 'button', action_id: 'open-console', text: { type: 'plain_text', text: 'Open in the console' }, url: clip(h.link, SLACK_LIMITS.url) }],
    };
    blocks.push(actions);
  }
  return { text: `${h.title}: ${h.detail}`, blocks };
}
