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
 * The tabs by address. Single sign-on is the account's too, but its address is the spec's
 * settings tab `/client/sso` (where the identity provider's test sign-in comes back to), so
 * it joins the account's tabs here rather than as an `/account/…` sub-route.
 */
const TABS: readonly { value: string; label: string; path: string }[] = [
  ...ACCOUNT_TABS.map((tab) => ({ value: tab, label: ACCOUNT_TAB_LABELS[tab], path: routes.account(tab) })),
  { value: 'sso', label: 'Single sign-on', path: routes.client('sso') },
];

/**
 * /account: heading, the sub-routes as tabs, the active one below in its
 * tab panel: each tab's aria-controls names a panel, so the active tab's panel
 * must exist (an id naming nothing is an invalid ARIA value).
 */
export default function AccountLayout() {
  useDocumentTitle('Profile Settings');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = TABS.find((tab) => pathname.startsWith(tab.path)) ?? TABS[0]!;
  return (
    <>
      <PageTitle title="Account" />
      <Tabs value={active.value} onChange={(value) => void navigate(TABS.find((tab) => tab.value === value)?.path ?? routes.account())}>
        <Tabs.List mb="lg">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={active.value}>
          <Outlet />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
