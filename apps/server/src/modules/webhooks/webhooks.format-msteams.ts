import type { EventMessage, Headline } from './webhooks.format-text';

/**
 * A Microsoft Teams message carrying an Adaptive Card (1.4, what Teams renders), as both a
 * Workflows "post to a channel when a webhook request is received" flow and a classic
 * incoming webhook accept it.
 */
export interface TeamsMessage {
  type: 'message';
  attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive'; contentUrl: null; content: AdaptiveCard }];
}

interface AdaptiveCard {
  $schema: 'http://adaptivecards.io/schemas/adaptive-card.json';
  type: 'AdaptiveCard';
  version: '1.4';
  body: Record<string, unknown>[];
  actions: { type: 'Action.OpenUrl'; title: string; url: string }[];
}

const COLOUR = { critical: 'Attention', good: 'Good', neutral: 'Default' } as const;

/** An event as an Adaptive Card: the title (coloured by tone), what happened, the facts and time, and a button to its console page. */
export function teamsMessage(m: EventMessage, h: Headline): TeamsMessage {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: h.title, weight: 'Bolder', size: 'Medium', color: COLOUR[h.tone], wrap: true },
            { type: 'TextBlock', text: h.detail, wrap: true },
            { type: 'FactSet', facts: [...h.facts, ['Time', m.timestamp] as const].map(([title, value]) => ({ title, value })) },
          ],
          actions: h.link ? [{ type: 'Action.OpenUrl', title: 'Open in the console', url: h.link }] : [],
        },
      },
    ],
  };
}
