import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { ConversationList } from './ConversationList';
import { NewConversation } from './NewConversation';
import { SupportThreadView } from './SupportThreadView';

export interface SupportAbout {
  instanceId: string;
  instanceName: string;
}

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'thread'; id: string };

interface Props {
  /** Opened from an instance's page: the chat starts with a new conversation about it. */
  about: SupportAbout | null;
}

/** The drawer's chat: the account's conversations, one thread, or a new conversation. Mounted while the drawer is open. */
export function SupportChat({ about }: Props) {
  const [view, setView] = useState<View>(about ? { kind: 'new' } : { kind: 'list' });
  const toList = () => setView({ kind: 'list' });
  const toThread = (id: string) => setView({ kind: 'thread', id });
  return (
    <Stack gap="sm" component="section" aria-labelledby="support-chat">
      <Title order={3} size="h4" id="support-chat">
        {view.kind === 'new' ? 'New conversation' : 'Chat with us'}
      </Title>
      {view.kind === 'list' && <ConversationList onOpen={toThread} onNew={() => setView({ kind: 'new' })} />}
      {view.kind === 'new' && <NewConversation about={about} onOpened={toThread} onCancel={toList} />}
      {view.kind === 'thread' && <SupportThreadView id={view.id} onBack={toList} />}
    </Stack>
  );
}
