import type { ComponentType } from 'react';
import { NavLink, Stack, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import IconActivity from '@tabler/icons-react/dist/esm/icons/IconActivity.mjs';
import IconCreditCard from '@tabler/icons-react/dist/esm/icons/IconCreditCard.mjs';
import IconHelpCircle from '@tabler/icons-react/dist/esm/icons/IconHelpCircle.mjs';
import IconServer from '@tabler/icons-react/dist/esm/icons/IconServer.mjs';
import IconShieldLock from '@tabler/icons-react/dist/esm/icons/IconShieldLock.mjs';
import IconUsers from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';
import { visibleMenu, type MenuEntry, type MenuKey } from '@replay/contracts';
import { useAccount } from '../session/SessionProvider';

const ICONS: Record<MenuKey, ComponentType<{ size?: number }>> = {
  instances: IconServer,
  activities: IconActivity,
  members: IconUsers,
  roles: IconShieldLock,
  billing: IconCreditCard,
  support: IconHelpCircle,
};

interface Props {
  collapsed: boolean;
  onSupport: () => void;
}

function isActive(entry: MenuEntry, pathname: string): boolean {
  if (!entry.path) return false;
  if (entry.key === 'instances') return pathname.startsWith('/instances') || pathname.startsWith('/ms/instances');
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}

/** The left menu; entries the user has no permission for are left out. Collapsed: icons only. */
export function NavMenu({ collapsed, onSupport }: Props) {
  const account = useAccount();
  const { pathname } = useLocation();
  return (
    <Stack gap={4}>
      {visibleMenu(account.permissions).map((entry) => {
        const Icon = ICONS[entry.key];
        const common = {
          leftSection: <Icon size={18} />,
          label: collapsed ? undefined : entry.label,
          'aria-label': collapsed ? entry.label : undefined,
          active: isActive(entry, pathname),
          styles: collapsed ? { section: { marginInlineEnd: 0 } } : undefined,
        };
        const item = entry.path ? (
          <NavLink {...common} component={Link} to={entry.path} aria-current={common.active ? 'page' : undefined} />
        ) : (
          <NavLink {...common} component="button" type="button" onClick={onSupport} />
        );
        return collapsed ? (
          <Tooltip key={entry.key} label={entry.label} position="right">
            {item}
          </Tooltip>
        ) : (
          <div key={entry.key}>{item}</div>
        );
      })}
    </Stack>
  );
}
