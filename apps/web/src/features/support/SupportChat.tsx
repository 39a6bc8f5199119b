import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { canOpenScreen } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { useLiveStatus } from '../instances/live-status/live-status';
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

/** Keeps the tab's live stream open while the chat is shown, so answers arrive as they are sent rather than at the next poll. */
function LiveWhileShown() {
  useLiveStatus();
  return null;
}

/** The drawer's chat: the account's conversations, one thread, or a new conversation. Mounted while the drawer is open. */
export function SupportChat({ about }: Props) {
  // The stream is the instances' (its guard is theirs): a member who may not see instances is polled instead.
  const live = canOpenScreen(useAccount().permissions, 'instances');
  const [view, setView] = useState<View>(about ? { kind: 'new' } : { kind: 'list' });
  const toList = () => setView({ kind: 'list' });
  const toThread = (id: string) => setView({ kind: 'thread', id });
  return (
    <Stack gap="sm" component="section" aria-labelledby="support-chat">
      {live && <LiveWhileShown />}
      <Title order={3} size="h4" id="support-chat">
        {view.kind === 'new' ? 'New conversation' : 'Chat with us'}
      </Title>
      {view.kind === 'list' && <ConversationList onOpen={toThread} onNew={() => setView({ kind: 'new' })} />}
      {view.kind === 'new' && <NewConversation about={about} onOpened={toThread} onCancel={toList} />}
      {view.kind === 'thread' && <SupportThreadView id={view.id} onBack={toList} />}
    </Stack>
  );
}
