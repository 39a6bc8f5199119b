import { ActionIcon, Menu } from '@mantine/core';
import IconBook from '@tabler/icons-react/dist/esm/icons/IconBook.mjs';
import IconMessageCircle from '@tabler/icons-react/dist/esm/icons/IconMessageCircle.mjs';
import IconQuestionMark from '@tabler/icons-react/dist/esm/icons/IconQuestionMark.mjs';
import { usePublicConfig } from '../../features/config/api';

/** The help button at the bottom left of sign-up: Docs, Chat with us. */
export function HelpButton() {
  const { data: config } = usePublicConfig();
  if (!config) return null;
  return (
    <div className="help-button">
      <Menu position="top-start" shadow="md" width={200}>
        <Menu.Target>
          <ActionIcon size="xl" radius="xl" aria-label="Help" variant="filled">
            <IconQuestionMark size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component="a" href={config.docsUrl} target="_blank" rel="noreferrer" leftSection={<IconBook size={14} />}>
            Docs
          </Menu.Item>
          <Menu.Item
            component="a"
            href={config.communityUrl}
            target="_blank"
            rel="noreferrer"
            leftSection={<IconMessageCircle size={14} />}
          >
            Chat with us
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
