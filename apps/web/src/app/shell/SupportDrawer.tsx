import { useState } from 'react';
import { Anchor, Button, Divider, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Drawer } from '../../components/Drawer';
import IconMail from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
import { TEXT_LIMITS } from '@replay/contracts';
import { usePublicConfig } from '../../features/config/api';
import { useAccount } from '../session/SessionProvider';
import { Icon } from '../../components/Icon';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** A mail to support, addressed, with the account's details so support can find it. */
export function supportMailto(to: string, subject: string, message: string, from: { email: string; tenantId: string }): string {
  const body = `${message.trim()}\n\n--\nAccount: ${from.email}\nOrganization id: ${from.tenantId}`;
  return `mailto:${to}?subject=${encodeURIComponent(subject.trim() || 'Support request')}&body=${encodeURIComponent(body)}`;
}

/** Support: a message to the support team (sent with the mail client) and the support mail link. */
export function SupportDrawer({ opened, onClose }: Props) {
  const { data: config } = usePublicConfig();
  const account = useAccount();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const href = config ? supportMailto(config.supportEmail, subject, message, account) : undefined;

  return (
    <Drawer opened={opened} onClose={onClose} title="Support" position="right" size="md">
      <Stack gap="lg">
        <Stack gap="sm" component="section" aria-labelledby="support-chat">
          <Title order={4} id="support-chat">
            Chat with us
          </Title>
          <Text size="sm" c="dimmed">
            Write to the support team; your mail client opens with the message ready to send.
          </Text>
          <TextInput label="Subject" value={subject} maxLength={120} onChange={(e) => setSubject(e.currentTarget.value)} />
          <Textarea
            label="Message"
            value={message}
            maxLength={TEXT_LIMITS.textarea}
            autosize
            minRows={4}
            onChange={(e) => setMessage(e.currentTarget.value)}
            description={`${message.length}/${TEXT_LIMITS.textarea}`}
          />
          <Button
            component="a"
            href={message.trim() && href ? href : undefined}
            data-disabled={!message.trim() || !href || undefined}
            aria-disabled={!message.trim() || !href}
            onClick={(e) => {
              if (!message.trim() || !href) e.preventDefault();
            }}
            leftSection={<Icon icon={IconMail} />}
          >
            Send message
          </Button>
        </Stack>
        <Divider />
        {config ? (
          <Stack gap="xs">
            <Text size="sm">
              Or mail us directly: <Anchor href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Anchor>
            </Text>
            <Anchor href={config.docsUrl} target="_blank" rel="noreferrer" size="sm">
              Documentation
            </Anchor>
            <Anchor href={config.communityUrl} target="_blank" rel="noreferrer" size="sm">
              Community
            </Anchor>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            The support contacts could not be loaded.
          </Text>
        )}
      </Stack>
    </Drawer>
  );
}
