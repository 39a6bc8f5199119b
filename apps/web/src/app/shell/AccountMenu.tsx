import { Menu, Text, UnstyledButton, Group, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
import IconListSearch from '@tabler/icons-react/dist/esm/icons/IconListSearch.mjs';
import IconVideo from '@tabler/icons-react/dist/esm/icons/IconVideo.mjs';
import IconLogout from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
import IconUser from '@tabler/icons-react/dist/esm/icons/IconUser.mjs';
import IconWebhook from '@tabler/icons-react/dist/esm/icons/IconWebhook.mjs';
import IconPuzzle from '@tabler/icons-react/dist/esm/icons/IconPuzzle.mjs';
import IconFolders from '@tabler/icons-react/dist/esm/icons/IconFolders.mjs';
import { canOpenScreen, isModuleOn, routes } from '@replay/contracts';
import { MemberAvatar } from '../../features/account/avatar';
import { useAccount, useSession } from '../session/SessionProvider';
import { Icon } from '../../components/Icon';

/** The header's account menu: Account, the settings the caller may open (Audit Trail, Webhooks while its module is on, Session Settings, Modules), Logout. */
export function AccountMenu() {
  const account = useAccount();
  const { logout } = useSession();
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        {/* Named by its content, not aria-label: a label that differs from the text shown
            (the avatar, on a phone) fails WCAG's "label in name". The avatar and the
            shown name only picture what the hidden text says. */}
        <UnstyledButton p={4}>
          <VisuallyHidden>Account menu for {account.name}</VisuallyHidden>
          <Group gap="xs" wrap="nowrap" aria-hidden>
            <MemberAvatar name={account.name} avatar={account.avatar} />
            <Text size="sm" visibleFrom="sm" maw={160} truncate>
              {account.name}
            </Text>
            <Icon icon={IconChevronDown} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{account.email}</Menu.Label>
        <Menu.Item component={Link} to={routes.account()} leftSection={<Icon icon={IconUser} />}>
          Account
        </Menu.Item>
        {canOpenScreen(account.permissions, 'audit') && (
          <Menu.Item component={Link} to={routes.client('audit')} leftSection={<Icon icon={IconListSearch} />}>
            Audit Trail
          </Menu.Item>
        )}
        {canOpenScreen(account.permissions, 'integrations') && isModuleOn(account.settings, 'webhooks') && (
          <Menu.Item component={Link} to={routes.client('webhooks')} leftSection={<Icon icon={IconWebhook} />}>
            Webhooks
          </Menu.Item>
        )}
        {canOpenScreen(account.permissions, 'instances') && (
          <Menu.Item component={Link} to={routes.client('projects')} leftSection={<Icon icon={IconFolders} />}>
            Projects
          </Menu.Item>
        )}
        {canOpenScreen(account.permissions, 'instances') && (
          <Menu.Item component={Link} to={routes.client('sessions-listing')} leftSection={<Icon icon={IconVideo} />}>
            Session Settings
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={routes.client('modules')} leftSection={<Icon icon={IconPuzzle} />}>
          Modules
        </Menu.Item>
        <Menu.Item leftSection={<Icon icon={IconLogout} />} onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
