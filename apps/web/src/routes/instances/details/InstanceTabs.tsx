import { Suspense, lazy } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { Instance } from '@replay/contracts';
import { usePageParam } from '../../../components/list/paging';
import { Spinner } from '../../../components/Spinner';
import { AccessListTab } from '../../../features/instances/access-list/AccessListTab';
import { CorsTab } from '../../../features/instances/cors/CorsTab';
import { MaintenanceWindowSection } from '../../../features/instances/maintenance/MaintenanceWindowSection';
import { BackupsSection } from '../../../features/instances/backups/BackupsSection';
import { SsoTab } from '../../../features/instances/sso/SsoTab';
import { RetentionSection } from '../../../features/instances/retention/RetentionSection';
import { loadChunk } from '../../../lib/lazy';
import { EventsTab } from './EventsTab';

// The charts (uPlot and its CSS) come as a chunk of their own when the Monitoring tab opens.
const MonitoringTab = lazy(() => loadChunk('monitoring', () => import('../../../features/instances/monitoring/MonitoringTab')));

/**
 * The open tab is kept in the address (`?tab=events`), so a reload shows the same one; absent, the
 * first of the spec's tabs (section 2: Monitoring, Events, SSO, Maintenance & Backups, CORS), then Network access (issue 45).
 */
const TAB_PARAM = 'tab';
const TABS = ['monitoring', 'events', 'sso', 'maintenance', 'cors', 'network'] as const;
type DetailsTab = (typeof TABS)[number];
const DEFAULT_TAB: DetailsTab = TABS[0];

function useTabParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(TAB_PARAM);
  const tab: DetailsTab = TABS.find((t) => t === raw) ?? DEFAULT_TAB;
  const setTab = (next: string | null) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      if (next && next !== DEFAULT_TAB) out.set(TAB_PARAM, next);
      else out.delete(TAB_PARAM);
      return out;
    });
  return [tab, setTab] as const;
}

/** The details page's tabs; the open one and the events' page are kept in the address. */
export function InstanceTabs({ instance, mayConfigure }: { instance: Instance; mayConfigure: boolean }) {
  const [eventsPage, setEventsPage] = usePageParam();
  const [tab, setTab] = useTabParam();
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="monitoring">Monitoring</Tabs.Tab>
        <Tabs.Tab value="events">Events</Tabs.Tab>
        <Tabs.Tab value="sso">Single Sign-On (SSO)</Tabs.Tab>
        <Tabs.Tab value="maintenance">Maintenance &amp; Backups</Tabs.Tab>
        <Tabs.Tab value="cors">CORS</Tabs.Tab>
        <Tabs.Tab value="network">Network access</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="monitoring">
        <Suspense fallback={<Spinner label="Loading graphs" />}>
          <MonitoringTab instanceId={instance.instanceId} />
        </Suspense>
      </Tabs.Panel>
      <Tabs.Panel value="events">
        <EventsTab instanceId={instance.instanceId} page={eventsPage} onPage={setEventsPage} />
      </Tabs.Panel>
      <Tabs.Panel value="sso">
        <SsoTab instanceId={instance.instanceId} canEdit={mayConfigure} running={instance.status === 'running'} />
      </Tabs.Panel>
      <Tabs.Panel value="maintenance">
        <Stack gap="xl">
          <MaintenanceWindowSection instanceId={instance.instanceId} canEdit={mayConfigure} />
          <RetentionSection instanceId={instance.instanceId} canEdit={mayConfigure} />
          <BackupsSection instanceId={instance.instanceId} canEdit={mayConfigure} running={instance.status === 'running'} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="cors">
        <CorsTab instanceId={instance.instanceId} canEdit={mayConfigure} running={instance.status === 'running'} />
      </Tabs.Panel>
      <Tabs.Panel value="network">
        <AccessListTab instanceId={instance.instanceId} canEdit={mayConfigure} running={instance.status === 'running'} />
      </Tabs.Panel>
    </Tabs>
  );
}
