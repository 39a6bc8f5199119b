import { Avatar, Menu, Text, UnstyledButton, Group, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
import IconListSearch from '@tabler/icons-react/dist/esm/icons/IconListSearch.mjs';
import IconVideo from '@tabler/icons-react/dist/esm/icons/IconVideo.mjs';
import IconLogout from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
import IconUser from '@tabler/icons-react/dist/esm/icons/IconUser.mjs';
import IconWebhook from '@tabler/icons-react/dist/esm/icons/IconWebhook.mjs';
import IconPuzzle from '@tabler/icons-react/dist/esm/icons/IconPuzzle.mjs';
import { canOpenScreen, isModuleOn, routes } from '@replay/contracts';
import { useAccount, useSession } from '../session/SessionProvider';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The header's account menu: Account, the settings the caller may open (Audit Trail, Webhooks while its module is on, Session Settings, Modules), Logout. */
export function AccountMenu() {
  const account = useAccount();
  const { logout } = useSession();
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        {/* Named by its content, not aria-label: a label that differs from the text shown
            (the initials, on a phone) fails WCAG's "label in name". The initials and the
            shown name only picture what the hidden text says. */}
        <UnstyledButton p={4}>
          <VisuallyHidden>Account menu for {account.name}</VisuallyHidden>
          <Group gap="xs" wrap="nowrap" aria-hidden>
            <Avatar size="sm" radius="xl" color="blue">
              {initials(account.name)}
            </Avatar>
            <Text size="sm" visibleFrom="sm" maw={160} truncate>
              {account.name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{account.email}</Menu.Label>
        <Menu.Item component={Link} to={routes.account()} leftSection={<IconUser size={14} />}>
          Account
        </Menu.Item>
        {canOpenScreen(account.permissions, 'audit') && (
          <Menu.Item component={Link} to={routes.client('audit')} leftSection={<IconListSearch size={14} />}>
            Audit Trail
          </Menu.Item>
        )}
        {canOpenScreen(account.permissions, 'integrations') && isModuleOn(account.settings, 'webhooks') && (
          <Menu.Item component={Link} to={routes.client('webhooks')} leftSection={<IconWebhook size={14} />}>
            Webhooks
          </Menu.Item>
        )}
        {canOpenScreen(account.permissions, 'instances') && (
          <Menu.Item component={Link} to={routes.client('sessions-listing')} leftSection={<IconVideo size={14} />}>
            Session Settings
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={routes.client('modules')} leftSection={<IconPuzzle size={14} />}>
          Modules
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={14} />} onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
