import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Box, Tabs } from '@mantine/core';
import { canOpenScreen, isTrialAccount } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { trialBannerText } from '../../app/shell/trial';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { PageTitle } from '../../components/PageTitle';
import { BillingDetailsDrawer } from '../../features/billing/components/BillingDetailsDrawer';
import { BudgetCard } from '../../features/billing/components/BudgetCard';
import { useBillingDetails } from '../../features/billing/hooks';
import { useConsoleTitle } from '../../lib/use-document-title';
import { BillingCards } from './BillingCards';
import { BillingSetupPanel } from './BillingSetupPanel';
import { InvoicesTab } from './InvoicesTab';
import { UtilizationTab } from './UtilizationTab';

/** The open tab is kept in the address (`?tab=invoices`), so a reload shows the same one; Utilization when absent. */
const TAB_PARAM = 'tab';
const TABS = ['utilization', 'invoices'] as const;
type BillingTab = (typeof TABS)[number];

function useTabParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(TAB_PARAM);
  const tab: BillingTab = TABS.find((t) => t === raw) ?? 'utilization';
  const setTab = (next: string | null) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      if (next && next !== 'utilization') out.set(TAB_PARAM, next);
      else out.delete(TAB_PARAM);
      return out;
    });
  return [tab, setTab] as const;
}

/**
 * Billing (spec section 2): for a trial, the billing setup; the Next Billing Amount, Next
 * Invoice Date and Credit Card cards; the spend budget (issue 45); and the Utilization and Invoices tabs. Without
 * EDIT_BILLING it is read-only.
 */
export default function BillingPage() {
  useConsoleTitle('Billing');
  const account = useAccount();
  const canEdit = canOpenScreen(account.permissions, 'billingEdit');
  const details = useBillingDetails();
  const [tab, setTab] = useTabParam();
  const [drawerOpened, setDrawerOpened] = useState(false);
  const openDrawer = details.data && canEdit ? () => setDrawerOpened(true) : undefined;
  const trialText = isTrialAccount(account) ? trialBannerText(account) : null;
  // The setup panel offers the first setup; the Credit Card card offers it only when there is no panel.
  const cardAction = details.data?.hasBillingDetails || !trialText ? openDrawer : undefined;

  return (
    <>
      <PageTitle title="Billing" />
      {trialText && <BillingSetupPanel text={trialText} canSetUp={canEdit} onSetUp={openDrawer} />}
      {details.isError && (
        <Box mb="lg">
          <LoadError message={withServerReason('The billing details could not be loaded.', details.error)} onRetry={() => void details.refetch()} />
        </Box>
      )}
      <BillingCards query={details} trialEndsAt={isTrialAccount(account) ? account.trialEndsAt : null} onEdit={cardAction} />
      <BudgetCard canEdit={canEdit} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="utilization">Utilization</Tabs.Tab>
          <Tabs.Tab value="invoices">Invoices</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="utilization">
          <UtilizationTab />
        </Tabs.Panel>
        <Tabs.Panel value="invoices">
          <InvoicesTab />
        </Tabs.Panel>
      </Tabs>
      {details.data && canEdit && <BillingDetailsDrawer opened={drawerOpened} onClose={() => setDrawerOpened(false)} details={details.data} />}
    </>
  );
}
