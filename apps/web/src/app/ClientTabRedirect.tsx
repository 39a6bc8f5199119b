import { Navigate, useParams } from 'react-router';
import { routes, type ClientTab } from '@replay/contracts';

/** The location state that asks the console shell to open the support drawer. */
export const OPEN_SUPPORT_STATE = { openSupport: true } as const;

/**
 * Where the spec's `/client/{activeTab}` tabs that have no screen of their own go
 * (docs/decisions/web.md, '/client/{activeTab} tabs'): each to the screen that
 * holds it. Audit, notifications, webhooks, projects and sessions-listing are screens (their
 * own routes rank first); modules is someone else's screen. Any tab not listed here
 * is an unknown path of the settings area and goes to the instances list (spec 2).
 */
export const CLIENT_TAB_TARGETS: Partial<Record<ClientTab, string>> = {
  account: routes.account(),
  team: routes.members(),
  roles: routes.roles(),
  billing: routes.billing(),
  integrations: routes.client('webhooks'),
  // Session metadata is what the session settings screen lists about each recording.
  metadata: routes.client('sessions-listing'),
};

export function ClientTabRedirect() {
  const { tab = '' } = useParams();
  if (tab === 'support') return <Navigate to={routes.instances()} replace state={OPEN_SUPPORT_STATE} />;
  const target = CLIENT_TAB_TARGETS[tab as ClientTab] ?? routes.instances();
  return <Navigate to={target} replace />;
}
