import type { ComponentType } from 'react';
import { Badge, NavLink, Stack, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import IconActivity from '@tabler/icons-react/dist/esm/icons/IconActivity.mjs';
import IconCreditCard from '@tabler/icons-react/dist/esm/icons/IconCreditCard.mjs';
import IconHelpCircle from '@tabler/icons-react/dist/esm/icons/IconHelpCircle.mjs';
import IconServer from '@tabler/icons-react/dist/esm/icons/IconServer.mjs';
import IconShieldLock from '@tabler/icons-react/dist/esm/icons/IconShieldLock.mjs';
import IconUsers from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';
import { visibleMenu, type MenuEntry, type MenuKey } from '@replay/contracts';
import { useAccount } from '../session/SessionProvider';
import { useSupportUnread } from '../../features/support/api';

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

/** The Support entry's count of unread answers (on the icon when the menu is collapsed). */
function UnreadBadge({ count, collapsed }: { count: number; collapsed: boolean }) {
  return (
    <Badge size="xs" color="red" variant="filled" circle aria-hidden style={collapsed ? { position: 'absolute', top: 2, right: 2 } : undefined}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/** The left menu; entries the user has no permission for are left out. Collapsed: icons only. */
export function NavMenu({ collapsed, onSupport }: Props) {
  const account = useAccount();
  const { pathname } = useLocation();
  const unread = useSupportUnread().data?.unread ?? 0;
  return (
    <Stack gap={4}>
      {visibleMenu(account.permissions).map((entry) => {
        const Icon = ICONS[entry.key];
        const badge = entry.key === 'support' && unread > 0 ? unread : 0;
        const named = badge ? `${entry.label}, ${badge} unread` : entry.label;
        const common = {
          leftSection: <Icon size={18} />,
          label: collapsed ? undefined : entry.label,
          'aria-label': collapsed || badge ? named : undefined,
          rightSection: badge ? <UnreadBadge count={badge} collapsed={collapsed} /> : undefined,
          active: isActive(entry, pathname),
          styles: collapsed ? { section: { marginInlineEnd: 0 } } : undefined,
        };
        const item = entry.path ? (
          <NavLink {...common} component={Link} to={entry.path} aria-current={common.active ? 'page' : undefined} />
        ) : (
          <NavLink {...common} component="button" type="button" onClick={onSupport} pos="relative" />
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
