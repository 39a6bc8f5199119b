import { Button, Tabs } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import IconServerOff from '@tabler/icons-react/dist/esm/icons/IconServerOff.mjs';
import { ONBOARDING_TABS, ONBOARDING_TAB_LABELS, routes, type OnboardingTab } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { instanceQueries } from '../../features/instances/api';
import { GettingStarted } from '../../features/onboarding/GettingStarted';
import { IdentifyUsersStep, InstallingStep, IntegrationsStep, TeamStep } from '../../features/onboarding/OnboardingSteps';
import { useUiSignal } from '../../features/onboarding/api';
import { isNotFound } from '../../lib/api';
import { useConsoleTitle } from '../../lib/use-document-title';
import { useSite } from '../../features/projects/SiteScope';

export const ONBOARDING_TITLE = 'Getting Started';

const isTab = (tab: string | undefined): tab is OnboardingTab => ONBOARDING_TABS.includes(tab as OnboardingTab);

/**
 * /{siteId}/onboarding/{tab}: the four getting-started steps for a project (its instance), as
 * tabs. The tracker sends the project's own key, so what it records is that project's; a site the
 * session's list does not hold is an instance's default project, which the account's key also names.
 */
export default function OnboardingPage() {
  useConsoleTitle(ONBOARDING_TITLE);
  const { tab } = useParams();
  const { siteId, instanceId, project } = useSite();
  const navigate = useNavigate();
  const account = useAccount();
  const active: OnboardingTab = isTab(tab) ? tab : 'installing';
  const query = useQuery(instanceQueries.detail(instanceId));
  useUiSignal(query.data ? siteId : null);

  if (query.isPending) return <PageLoader label="Loading instance" />;
  const instance = query.data;
  if (!instance) {
    if (isNotFound(query.error)) {
      return (
        <EmptyState
          icon={<IconServerOff size={32} />}
          title="Instance not found"
          description="Getting started is shown for an instance of your account."
          action={
            <Button component={Link} to={routes.instances()} variant="light">
              Back to Instances
            </Button>
          }
        />
      );
    }
    return <LoadError message={withServerReason('The instance could not be loaded.', query.error)} onRetry={() => void query.refetch()} />;
  }

  return (
    <>
      <PageTitle title={`${ONBOARDING_TITLE}: ${instance.name}`} />
      <GettingStarted tenantId={account.tenantId} siteId={siteId} />
      <Tabs value={active} onChange={(next) => next && void navigate(routes.onboarding(siteId, next as OnboardingTab))}>
        <Tabs.List mb="lg">
          {ONBOARDING_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {ONBOARDING_TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={active}>
          {active === 'installing' && <InstallingStep instance={instance} projectKey={project ? project.projectKey : account.tenantKey} />}
          {active === 'identify-users' && <IdentifyUsersStep />}
          {active === 'team' && <TeamStep />}
          {active === 'integrations' && <IntegrationsStep />}
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
