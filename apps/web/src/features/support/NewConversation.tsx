import { useState } from 'react';
import { Button, Text, TextInput } from '@mantine/core';
import { SUPPORT_MESSAGES, SUPPORT_SUBJECT_MAX } from '@replay/contracts';
import { useOpenConversation } from './api';
import { Composer } from './Composer';

interface Props {
  /** The instance the conversation is about, when the drawer was opened from its page. */
  about: { instanceId: string; instanceName: string } | null;
  onOpened: (id: string) => void;
  onCancel: () => void;
}

/** A new conversation: a one-line subject, the message and an optional attachment. */
export function NewConversation({ about, onOpened, onCancel }: Props) {
  const [subject, setSubject] = useState('');
  const open = useOpenConversation();
  return (
    <Composer
      label="Message"
      submitLabel="Send"
      ready={subject.trim().length > 0}
      onSend={async (value) => {
        const thread = await open.mutateAsync({ subject: subject.trim(), ...value, ...(about ? { instanceId: about.instanceId } : {}) });
        onOpened(thread.conversation.id);
      }}
      extra={
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      {about && (
        <Text size="sm" c="dimmed">
          {SUPPORT_MESSAGES.aboutInstance(about.instanceName)}
        </Text>
      )}
      <TextInput
        label="Subject"
        required
        value={subject}
        maxLength={SUPPORT_SUBJECT_MAX}
        onChange={(e) => setSubject(e.currentTarget.value.replace(/[\r\n]/g, ' '))}
        description={`${subject.length}/${SUPPORT_SUBJECT_MAX}`}
      />
    </Composer>
  );
}
