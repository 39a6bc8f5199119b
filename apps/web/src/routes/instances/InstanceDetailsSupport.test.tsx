import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ok } from '../../test/fetch-stub';
import { CONVERSATION_ID, SUPPORT_API as API, conversation, message } from '../../features/support/test-fixtures';
import { openDetailsTab } from './details-stub';

describe('instance details: contact support', () => {
  it("opens a conversation about the instance from its page's 'Contact support'", async () => {
    const opened = { conversation: conversation({ instanceId: 'ins_1' }), messages: [message('m1', { body: 'It is slow.' })] };
    const { user, stub } = openDetailsTab('events', {
      handlers: {
        'GET /api/support/unread': ok({ unread: 0 }),
        [`POST ${API}`]: { status: 201, body: { data: opened } },
        [`GET ${API}/${CONVERSATION_ID}`]: ok(opened),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Contact support' }));
    const drawer = await screen.findByRole('dialog', { name: 'Support' });
    await user.type(within(drawer).getByLabelText(/Subject/), 'Slow pages');
    await user.type(within(drawer).getByLabelText('Message'), 'It is slow.');
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(stub.callsTo(`POST ${API}`)).toHaveLength(1));
    const sent = stub.callsTo(`POST ${API}`)[0]!;
    expect(sent.body).toEqual({ subject: 'Slow pages', body: 'It is slow.', instanceId: 'ins_1' });
    expect(await within(drawer).findByRole('list', { name: 'Messages' })).toHaveTextContent('It is slow.');
  });
});
