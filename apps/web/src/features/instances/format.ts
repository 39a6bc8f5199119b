import { PROVIDER_LABELS, SIZES, type InstanceSize, type Provider } from '@replay/contracts';

/** Display helpers for instances; prices in USD, en-US (spec section 9). */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Hourly prices are set to a tenth of a cent: show the third decimal rather than round it away.
const usdHourly = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 3 });

export const formatMonthly = (amount: number): string => usd.format(amount);
export const formatHourly = (amount: number): string => usdHourly.format(amount);

/** 'Small · 2 vCPU, 8 GB RAM' */
export function capacityLabel(size: InstanceSize): string {
  const s = SIZES[size];
  return `${s.label} · ${s.vcpu} vCPU, ${s.memoryGb} GB RAM`;
}

export function sizeResources(size: InstanceSize): string[] {
  const s = SIZES[size];
  return [`${s.vcpu} vCPU`, `${s.memoryGb} GB RAM`, `${s.diskGb} GB Disk`];
}

export const providerLabel = (provider: Provider): string => PROVIDER_LABELS[provider];
