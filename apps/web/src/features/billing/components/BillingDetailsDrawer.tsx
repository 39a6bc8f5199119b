import { useCallback, useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Drawer } from '../../../components/Drawer';
import { DRAWER_WIDTHS, type BillingDetails, type PublicConfig } from '@replay/contracts';
import { useReturnFocus } from '../../../components/dialog-focus';
import { FormAlert } from '../../../components/FormAlert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { usePublicConfig } from '../../config/api';
import { addressOf, canSaveBilling, holderValuesOf, type HolderValues } from '../billing-form';
import { CardField } from '../card/CardField';
import { EMPTY_CARD, cardLabel, type CardInput } from '../card/card-input';
import { useSaveBilling } from '../hooks';
import { AddressFields } from './AddressFields';

export const BILLING_DRAWER_TITLE = 'Billing details';

/** Without a readable public config the console's default provider applies: the offline one. */
const OFFLINE: PublicConfig['payments'] = { provider: 'offline', stripePublishableKey: null };

interface Props {
  opened: boolean;
  onClose: () => void;
  details: BillingDetails;
}

/** Billing details (spec sections 2 and 5): the first setup, or an edit of the name, address and card. */
export function BillingDetailsDrawer({ opened, onClose, details }: Props) {
  useReturnFocus(opened);
  return (
    <Drawer opened={opened} onClose={onClose} title={BILLING_DRAWER_TITLE} position="right" size={DRAWER_WIDTHS.billing} returnFocus={false}>
      <BillingDetailsForm details={details} onDone={onClose} />
    </Drawer>
  );
}

/** The saved card, with the choice to replace it (or, while replacing, to keep it). */
function CurrentCardRow({ label, enteringCard, busy, onReplace, onKeep }: { label: string; enteringCard: boolean; busy: boolean; onReplace: () => void; onKeep: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" data-testid="billing-current-card">
        {label}
      </Text>
      {enteringCard ? (
        <Button variant="subtle" size="xs" onClick={onKeep} disabled={busy}>
          Keep current card
        </Button>
      ) : (
        <Button variant="light" size="xs" onClick={onReplace} disabled={busy}>
          Replace card
        </Button>
      )}
    </Group>
  );
}

function BillingDetailsForm({ details, onDone }: { details: BillingDetails; onDone: () => void }) {
  const config = usePublicConfig();
  const existing = details.hasBillingDetails;
  // The form starts from what is saved; the drawer's content is unmounted when it closes, so each opening starts afresh.
  const [saved] = useState(() => holderValuesOf(details));
  const [holder, setHolder] = useState(saved);
  const [enteringCard, setEnteringCard] = useState(!existing || details.card === null);
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [cardError, setCardError] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const save = useSaveBilling(onDone);

  const onCardChange = useCallback((next: CardInput) => {
    setCard(next);
    setCardError(null);
  }, []);
  const setField = (field: keyof HolderValues, value: string) => setHolder((h) => ({ ...h, [field]: value }));
  const busy = tokenizing || save.isPending;
  const canSave = canSaveBilling({ existing, holder, saved, enteringCard, card }) && !busy;
  const serverError = save.isError ? errorMessage(save.error, '') || null : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    save.reset();
    let cardToken: string | undefined;
    if (enteringCard && card.complete) {
      setTokenizing(true);
      const result = await card.tokenize().finally(() => setTokenizing(false));
      if ('error' in result) return setCardError(result.error);
      cardToken = result.token;
    }
    const body = { name: holder.name, address: addressOf(holder) };
    if (!existing && cardToken) save.mutate({ kind: 'create', body: { ...body, cardToken } });
    else if (existing) save.mutate({ kind: 'edit', body: cardToken ? { ...body, cardToken } : body });
  }

  const keepCurrentCard = () => {
    setEnteringCard(false);
    setCard(EMPTY_CARD);
    setCardError(null);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="lg">
        <Stack gap="sm" component="section" aria-labelledby="billing-card-heading">
          <Title order={3} size="h5" id="billing-card-heading">
            Payment card
          </Title>
          <TextInput label="Name on card" autoComplete="cc-name" maxLength={120} required value={holder.name} onChange={(e) => setField('name', e.currentTarget.value)} disabled={busy} />
          {existing && details.card && <CurrentCardRow label={cardLabel(details.card)} enteringCard={enteringCard} busy={busy} onReplace={() => setEnteringCard(true)} onKeep={keepCurrentCard} />}
          {enteringCard &&
            (config.isPending ? <Spinner label="Loading the card form" /> : <CardField payments={config.data?.payments ?? OFFLINE} onChange={onCardChange} error={cardError} disabled={busy} />)}
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="billing-address-heading">
          <Title order={3} size="h5" id="billing-address-heading">
            Billing address
          </Title>
          <AddressFields values={holder} onChange={setField} disabled={busy} />
        </Stack>
        <FormAlert message={serverError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave} loading={busy} data-testid="billing-save">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
