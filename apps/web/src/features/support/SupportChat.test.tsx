import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MESSAGES, type SupportThread } from '@replay/contracts';
import { ok, stubSignedIn, type StubRequest } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { CONVERSATION_ID, SUPPORT_API as API, conversation, message } from './test-fixtures';

/** A signed-in member whose account has `thread` (when given) as its one conversation; replies are appended. */
function signInWithChat(thread: SupportThread | null, unread = 0) {
  const stub = stubSignedIn(makeAccount({ permissions: ['VIEW_INSTANCES'] }), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/support/unread': () => ok({ unread }),
    [`GET ${API}`]: () => ok({ conversations: thread ? [thread.conversation] : [] }),
    [`GET ${API}/${CONVERSATION_ID}`]: () => ok(thread),
    [`POST ${API}/${CONVERSATION_ID}/read`]: () => {
      unread = 0;
      if (thread) thread.conversation.unread = 0;
      return ok({ unread });
    },
    [`POST ${API}/${CONVERSATION_ID}/messages`]: (req: StubRequest) => {
      const body = req.body as { body: string };
      thread?.messages.push(message(`m${thread.messages.length + 1}`, { body: body.body }));
      return { status: 201, body: { data: thread } };
    },
  });
  renderApp('/instances');
  return { stub, user: userEvent.setup({ applyAccept: false }) };
}

async function openDrawer(user: ReturnType<typeof userEvent.setup>, name: string | RegExp = /^Support/) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Support' });
}

describe('support chat', () => {
  it('says when there is no conversation yet, and keeps the mail, documentation and community links', async () => {
    const { user } = signInWithChat(null);
    const drawer = await openDrawer(user);
    expect(await within(drawer).findByText(SUPPORT_MESSAGES.empty)).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: publicConfig.supportEmail })).toHaveAttribute('href', `mailto:${publicConfig.supportEmail}`);
    expect(within(drawer).getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', publicConfig.docsUrl);
    expect(within(drawer).getByRole('link', { name: 'Community' })).toHaveAttribute('href', publicConfig.communityUrl);
  });

  it('shows the unread count on the Support entry, lists the conversation, and reads it', async () => {
    const answer = message('m2', { authorKind: 'operator', authorName: 'Support', authorUserId: null, body: 'We are on it.' });
    const thread = { conversation: conversation({ unread: 1 }), messages: [message('m1'), answer] };
    const { user, stub } = signInWithChat(thread, 1);
    const drawer = await openDrawer(user, 'Support, 1 unread');
    await user.click(await within(drawer).findByRole('button', { name: 'Backups fail, 1 unread' }));
    const list = await within(drawer).findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/backup failed|on it/).textContent)).toEqual(['The nightly backup failed.', 'We are on it.']);
    expect(within(items[1]!).getByText('New')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Answered')).toBeInTheDocument();
    await waitFor(() => expect(stub.callsTo(`POST ${API}/${CONVERSATION_ID}/read`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Support' })).toBeInTheDocument();
  });

  it('sends a reply and shows it at the bottom of the thread', async () => {
    const thread = { conversation: conversation(), messages: [message('m1')] };
    const { user, stub } = signInWithChat(thread);
    const drawer = await openDrawer(user);
    await user.click(await within(drawer).findByRole('button', { name: 'Backups fail' }));
    const reply = await within(drawer).findByLabelText('Your reply');
    await user.type(reply, 'Still failing today.');
    expect(within(drawer).getByText('20/4000')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(stub.callsTo(`POST ${API}/${CONVERSATION_ID}/messages`).map((c) => c.body)).toEqual([{ body: 'Still failing today.' }]));
    const items = within(within(drawer).getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.at(-1)).toHaveTextContent('Still failing today.');
    expect(reply).toHaveValue('');
  });

  it('refuses an attachment of another type, or too big, before anything is sent', async () => {
    const thread = { conversation: conversation(), messages: [message('m1')] };
    const { user, stub } = signInWithChat(thread);
    const drawer = await openDrawer(user);
    await user.click(await within(drawer).findByRole('button', { name: 'Backups fail' }));
    await within(drawer).findByLabelText('Your reply');
    const input = drawer.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(SUPPORT_MESSAGES.wrongType);
    await user.upload(input, new File([new Uint8Array(SUPPORT_ATTACHMENT_MAX_BYTES + 1)], 'screen.png', { type: 'image/png' }));
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(SUPPORT_MESSAGES.tooBig);
    await user.upload(input, new File(['line one\n'], 'agent.log', { type: '' }));
    await waitFor(() => expect(within(drawer).queryByRole('alert')).toBeNull());
    await user.type(within(drawer).getByLabelText('Your reply'), 'The log.');
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(stub.callsTo(`POST ${API}/${CONVERSATION_ID}/messages`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${API}/${CONVERSATION_ID}/messages`)[0]!.body).toEqual({
      body: 'The log.',
      attachment: { name: 'agent.log', mediaType: 'text/plain', contentBase64: btoa('line one\n') },
    });
  });
});
