import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_TABS, routes, type AccountTab } from '@replay/contracts';
import { PageTitle } from '../../components/PageTitle';
import { useDocumentTitle } from '../../lib/use-document-title';

export const ACCOUNT_TAB_LABELS: Record<AccountTab, string> = {
  profile: 'Profile',
  organization: 'Organization',
  'api-keys': 'API Keys',
  provisioning: 'Provisioning',
  session: 'Session',
};

/**
 * /account: heading, the four sub-routes as tabs, the active one below in its
 * tab panel: each tab's aria-controls names a panel, so the active tab's panel
 * must exist (an id naming nothing is an invalid ARIA value).
 */
export default function AccountLayout() {
  useDocumentTitle('Profile Settings');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = ACCOUNT_TABS.find((tab) => pathname.startsWith(routes.account(tab))) ?? 'profile';
  return (
    <>
      <PageTitle title="Account" />
      <Tabs value={active} onChange={(tab) => tab && void navigate(routes.account(tab as AccountTab))}>
        <Tabs.List mb="lg">
          {ACCOUNT_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {ACCOUNT_TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={active}>
          <Outlet />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
