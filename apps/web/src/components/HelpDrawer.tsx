import { Anchor, Stack, Text } from '@mantine/core';
import { Drawer } from './Drawer';
import IconBook from '@tabler/icons-react/dist/esm/icons/IconBook.mjs';
import IconMail from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
import IconUsers from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';
import { usePublicConfig } from '../features/config/api';
import { Icon } from './Icon';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** Documentation and community links (from the public config), beside the error screen. */
export default function HelpDrawer({ opened, onClose }: Props) {
  const { data: config } = usePublicConfig();
  return (
    <Drawer opened={opened} onClose={onClose} title="Documentation and community" position="right" size="sm">
      {config ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The documentation and the community may already have an answer to what happened.
          </Text>
          <Anchor href={config.docsUrl} target="_blank" rel="noreferrer">
            <Icon icon={IconBook} /> Documentation
          </Anchor>
          <Anchor href={config.communityUrl} target="_blank" rel="noreferrer">
            <Icon icon={IconUsers} /> Community
          </Anchor>
          <Anchor href={`mailto:${config.supportEmail}`}>
            <Icon icon={IconMail} /> {config.supportEmail}
          </Anchor>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          The help links could not be loaded.
        </Text>
      )}
    </Drawer>
  );
}
