import { Anchor, Divider, Stack, Text } from '@mantine/core';
import { Drawer } from '../../components/Drawer';
import { usePublicConfig } from '../../features/config/api';
import { SupportChat, type SupportAbout } from '../../features/support/SupportChat';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The instance a new conversation is about, when the drawer was opened from its page. */
  about: SupportAbout | null;
}

/** Support: the chat with the people who run the console, the support mail, documentation and community. */
export function SupportDrawer({ opened, onClose, about }: Props) {
  const { data: config } = usePublicConfig();
  return (
    <Drawer opened={opened} onClose={onClose} title="Support" position="right" size="md">
      <Stack gap="lg">
        {/* Mounted while open: each opening starts at the list (or a new conversation about the instance). */}
        {opened && <SupportChat key={about?.instanceId ?? 'list'} about={about} />}
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
