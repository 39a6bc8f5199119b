import { billingAddressSchema, createBillingSchema, type BillingAddress, type BillingDetails } from '@replay/contracts';
import type { CardInput } from './card/card-input';

/** The drawer's text fields: the name on the card and the billing address. */
export interface HolderValues {
  name: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  state: string;
  country: string;
}

export function holderValuesOf(details: BillingDetails | undefined): HolderValues {
  const a = details?.address;
  return {
    name: details?.name ?? '',
    line1: a?.line1 ?? '',
    line2: a?.line2 ?? '',
    city: a?.city ?? '',
    postalCode: a?.postalCode ?? '',
    state: a?.state ?? '',
    country: a?.country ?? '',
  };
}

export function addressOf(v: HolderValues): BillingAddress {
  return { line1: v.line1, line2: v.line2, city: v.city, postalCode: v.postalCode, state: v.state, country: v.country };
}

/** Name and address as the server will take them (the contracts' own rules: required parts, lengths). */
export function holderComplete(v: HolderValues): boolean {
  return createBillingSchema.shape.name.safeParse(v.name).success && billingAddressSchema.safeParse(addressOf(v)).success;
}

/** Whether the name or address differs from what is saved; spaces around a value do not count (the server trims them). */
export function holderChanged(v: HolderValues, saved: HolderValues): boolean {
  return (Object.keys(v) as (keyof HolderValues)[]).some((k) => v[k].trim() !== saved[k].trim());
}

export interface SaveState {
  /** Billing details exist: this is an edit (PUT), not the first setup (POST). */
  existing: boolean;
  holder: HolderValues;
  saved: HolderValues;
  /** The card fields are open (always the first time; after 'Replace card' when editing). */
  enteringCard: boolean;
  card: CardInput;
}

/**
 * Spec: "save enabled for an existing card when either part changed; first time both
 * must be complete". A half-typed replacement card keeps Save off rather than being
 * dropped silently from the save.
 */
export function canSaveBilling({ existing, holder, saved, enteringCard, card }: SaveState): boolean {
  if (!holderComplete(holder)) return false;
  if (!existing) return card.complete;
  if (enteringCard && !card.empty && !card.complete) return false;
  return holderChanged(holder, saved) || (enteringCard && card.complete);
}
