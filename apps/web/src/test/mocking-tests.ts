/**
 * The web test files that replace a module with vi.mock. They run in their own project with
 * module isolation on (vitest.config.ts): the other web files share modules within a worker,
 * and a mock registered there would reach the files after it. module-state.test.ts keeps this
 * list in step with the files.
 */
export const WEB_MOCKING_TESTS: readonly string[] = [
  'apps/web/src/features/billing/card/StripeCardField.test.tsx',
  'apps/web/src/features/mfa/FreshProofDialog.test.tsx',
  'apps/web/src/features/mfa/Passkeys.test.tsx',
  'apps/web/src/features/mfa/TotpEnrolment.test.tsx',
];
