import { Suspense, useCallback, useEffect, useState } from 'react';
import { ActionIcon, AppShell, Container, Group, Text, Tooltip } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import IconLayoutSidebarLeftCollapse from '@tabler/icons-react/dist/esm/icons/IconLayoutSidebarLeftCollapse.mjs';
import IconLayoutSidebarLeftExpand from '@tabler/icons-react/dist/esm/icons/IconLayoutSidebarLeftExpand.mjs';
import { SETTINGS_MAX_WIDTH } from '@replay/contracts';
import '../styles/console';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { PageLoader } from '../../components/PageLoader';
import { usePublicConfig } from '../../features/config/api';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { useSession } from '../session/SessionProvider';
import { AccountMenu } from './AccountMenu';
import { NavMenu } from './NavMenu';
import { SupportDrawer } from './SupportDrawer';
import { TrialBanner } from './TrialBanner';
import { useMenuCollapsed } from './use-menu-collapsed';
import { SupportOpenerContext, type OpenSupport } from '../../features/support/support-opener';
import type { SupportAbout } from '../../features/support/SupportChat';
import { FreshProofDialog } from '../../features/mfa/FreshProofDialog';

const NAV_WIDTH = { expanded: 220, collapsed: 64 };

/** The signed-in console: header (toggle, trial banner, account menu), left menu, settings area. */
export default function ConsoleShell() {
  const { iframe } = useSession();
  const { data: config } = usePublicConfig();
  const { collapsed, overlay, toggle } = useMenuCollapsed();
  const overPage = overlay && !collapsed;
  const [supportOpen, setSupportOpen] = useState(false);
  const [supportAbout, setSupportAbout] = useState<SupportAbout | null>(null);
  const openSupport = useCallback<OpenSupport>((about) => {
    setSupportAbout(about ?? null);
    setSupportOpen(true);
  }, []);
  const location = useLocation();
  const askedForSupport = (location.state as { openSupport?: boolean } | null)?.openSupport === true;
  // /client/support lands on the instances list asking for the drawer (ClientTabRedirect).
  useEffect(() => {
    if (askedForSupport) openSupport();
  }, [askedForSupport, location.key, openSupport]);
  const toggleLabel = collapsed ? 'Expand menu' : 'Collapse menu';

  return (
    <AppShell
      header={iframe ? undefined : { height: 56 }}
      // The page is laid out beside the rail on a narrow screen: the menu expanded there lies over it (overPage).
      navbar={iframe ? undefined : { width: collapsed || overlay ? NAV_WIDTH.collapsed : NAV_WIDTH.expanded, breakpoint: 0 }}
      padding={0}
    >
      {!iframe && (
        <AppShell.Header px="md">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
            <Group gap="sm" wrap="nowrap">
              <Tooltip label={toggleLabel}>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={toggleLabel} aria-expanded={!collapsed} onClick={toggle}>
                  {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
                </ActionIcon>
              </Tooltip>
              <Text fw={700} visibleFrom="xs">
                {config ? `${config.productName} Console` : 'Console'}
              </Text>
            </Group>
            <TrialBanner />
            <Group gap="xs" wrap="nowrap">
              <NotificationBell />
              <AccountMenu />
            </Group>
          </Group>
        </AppShell.Header>
      )}
      {!iframe && (
        <AppShell.Navbar p="xs" aria-label="Main menu" w={overPage ? NAV_WIDTH.expanded : undefined} style={overPage ? { boxShadow: 'var(--mantine-shadow-lg)' } : undefined}>
          <NavMenu collapsed={collapsed} onSupport={() => openSupport()} />
        </AppShell.Navbar>
      )}
      <FreshProofDialog />
      <AppShell.Main>
        <Container size={SETTINGS_MAX_WIDTH} px="lg" py="lg">
          <ErrorBoundary>
            <Suspense fallback={<PageLoader />}>
              <SupportOpenerContext value={iframe ? null : openSupport}>
                <Outlet />
              </SupportOpenerContext>
            </Suspense>
          </ErrorBoundary>
        </Container>
      </AppShell.Main>
      {!iframe && <SupportDrawer opened={supportOpen} about={supportAbout} onClose={() => setSupportOpen(false)} />}
    </AppShell>
  );
}
