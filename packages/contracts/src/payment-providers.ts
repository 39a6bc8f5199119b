/**
 * The payment adapters a console may run with. Its own file, not billing.ts: the public
 * config names it, and /login, which reads that config, must not carry the billing rules and
 * the price catalogue they import (issue 10's byte budget).
 */
export const PAYMENT_PROVIDERS = ['offline', 'stripe'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];
