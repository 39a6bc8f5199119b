import { Button, SimpleGrid } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatMoney, type BillingDetails } from '@replay/contracts';
import { brandLabel, expiryLabel } from '../../features/billing/card/card-input';
import { formatDate } from '../../lib/format-date';
import { SummaryCard } from '../../components/SummaryCard';

export const NO_CARD = 'No card on file';

/**
 * The line under Next Billing Amount. During a trial without billing details the amount is only
 * what the period would come to (issue 42: it stood there with no word of what it was): it is
 * charged once details are added, and the trial's own hours never.
 */
export function nextAmountHint(details: BillingDetails, trialEndsAt: number | null, now: number): string {
  const soFar = `So far this period: ${formatMoney(details.cost)}`;
  if (trialEndsAt === null || details.hasBillingDetails) return soFar;
  const trial = trialEndsAt > now ? `Your free trial ends on ${formatDate(trialEndsAt)}; nothing is charged for it.` : `Your free trial ended on ${formatDate(trialEndsAt)}.`;
  return `An estimate: charged on ${formatDate(details.nextBillingDate)} only if you add billing details. ${trial}`;
}

interface Props {
  query: UseQueryResult<BillingDetails>;
  /** When the account's free trial ends (or ended), while it is a trial account; else null. */
  trialEndsAt: number | null;
  /** Opens the billing details drawer; absent without EDIT_BILLING (or while the setup panel offers it). */
  onEdit?: () => void;
}

/** Spec: Next Billing Amount, Next Invoice Date and Credit Card (last four digits). */
export function BillingCards({ query, trialEndsAt, onEdit }: Props) {
  const d = query.data;
  const card = d?.card ?? null;
  // Unknown values: a bar while they load, a dash when they could not be read (the page says why).
  const valueOf = (read: (details: BillingDetails) => string) => (d ? read(d) : query.isError ? '—' : undefined);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="lg">
      <SummaryCard prominent title="Next Billing Amount" testId="next-billing-amount" value={valueOf((x) => formatMoney(x.projectedCost))} hint={d && nextAmountHint(d, trialEndsAt, Date.now())} />
      <SummaryCard prominent title="Next Invoice Date" testId="next-invoice-date" value={valueOf((x) => formatDate(x.nextBillingDate))} />
      <SummaryCard
        prominent
        title="Credit Card"
        testId="credit-card"
        value={valueOf((x) => (x.card ? `•••• ${x.card.last4}` : NO_CARD))}
        hint={card ? `${brandLabel(card.brand)} · expires ${expiryLabel(card)}` : undefined}
        action={
          d && onEdit ? (
            <Button variant="subtle" size="compact-xs" onClick={onEdit} aria-label={d.hasBillingDetails ? 'Edit billing details' : 'Set up billing'}>
              {d.hasBillingDetails ? 'Edit' : 'Set up'}
            </Button>
          ) : undefined
        }
      />
    </SimpleGrid>
  );
}
