import { Button, SimpleGrid } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatMoney, type BillingDetails } from '@replay/contracts';
import { brandLabel, expiryLabel } from '../../features/billing/card/card-input';
import { formatDate } from '../../lib/format-date';
import { SummaryCard } from '../../components/SummaryCard';

export const NO_CARD = 'No card on file';

interface Props {
  query: UseQueryResult<BillingDetails>;
  /** Opens the billing details drawer; absent without EDIT_BILLING (or while the setup panel offers it). */
  onEdit?: () => void;
}

/** Spec: Next Billing Amount, Next Invoice Date and Credit Card (last four digits). */
export function BillingCards({ query, onEdit }: Props) {
  const d = query.data;
  const card = d?.card ?? null;
  // Unknown values: a bar while they load, a dash when they could not be read (the page says why).
  const valueOf = (read: (details: BillingDetails) => string) => (d ? read(d) : query.isError ? '—' : undefined);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="lg">
      <SummaryCard
        prominent
        title="Next Billing Amount"
        testId="next-billing-amount"
        value={valueOf((x) => formatMoney(x.projectedCost))}
        hint={d && `So far this period: ${formatMoney(d.cost)}`}
      />
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
