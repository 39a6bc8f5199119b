import { PROVIDER_LABELS, SIZES, type InstanceSize, type Provider } from '@replay/contracts';

/** Display helpers for instances. Prices are formatted by `formatMoney` from @replay/contracts, the one place money becomes text. */

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
