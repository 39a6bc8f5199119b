import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WEB_MOCKING_TESTS } from './mocking-tests';
import { RESET_AFTER_EACH_FILE } from './module-reset';
import { mockingTests, moduleState } from '../../../../scripts/vitest/module-state';

// The repository's root (jsdom's URL is not Node's, so no URL arithmetic here).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Module-level state the web files share within a worker (module isolation is off for them,
 * vitest.config.ts) that the setup does not reset, and why it cannot carry one file's data into
 * another. A new piece fails this test until it is reset (module-reset.ts) or listed here.
 */
const HARMLESS: Record<string, string> = {
  // Counters that make ids unique, which they stay when a run continues them.
  'apps/web/src/components/progress-toast.ts:counter': 'unique toast ids',
  'apps/web/src/features/account-sso/connection-form.ts:nextKey': 'unique row keys',
  // Weak sets keyed by one event or error: nothing outlives what it marks.
  'apps/web/src/components/dialog-escape.ts:answered': 'Escape presses, keyed by the event',
  'apps/web/src/lib/lazy.ts:preloadFailures': 'preload errors, keyed by the error',
  // Caches of values that are the same whoever asked first.
  'apps/web/src/features/billing/countries.ts:options': 'the country list, built once',
  'apps/web/src/features/billing/format.ts:count': 'an Intl formatter',
  'apps/web/src/features/billing/format.ts:monthDay': 'an Intl formatter',
  'apps/web/src/lib/format-date.ts:date': 'an Intl formatter',
  'apps/web/src/lib/format-date.ts:dateTime': 'an Intl formatter',
  'apps/web/src/lib/format-date.ts:utcDate': 'an Intl formatter',
  'apps/web/src/features/billing/card/StripeCardField.tsx:stripes': 'Stripe loads, keyed by the publishable key (never loaded in jsdom)',
  // Subscribers: mounted components add themselves and leave on unmount (cleanup() unmounts all).
  'apps/web/src/features/instances/live-status/live-status.ts:listeners': 'subscribers of mounted components',
  'apps/web/src/features/mfa/fresh-proof.ts:listeners': 'subscribers of mounted components',
  'apps/web/src/features/onboarding/onboarding-flag.ts:listeners': 'subscribers of mounted components',
  'apps/web/src/lib/api/token-store.ts:listeners': 'subscribers of mounted components, and the renewal timer of client.ts',
  'apps/web/src/lib/use-document-title.ts:listeners': 'subscribers of mounted components',
  // Promises under way: each removes itself when it settles.
  'apps/web/src/features/instances/live-status/live-position.ts:pending': 'list reads under way',
  'apps/web/src/lib/api/client.ts:refreshing': 'the refresh under way',
  // The last screen title, as a tab keeps it; the announcer says it only after a navigation, once the new screen set its own.
  'apps/web/src/lib/use-document-title.ts:pageTitle': 'the last screen title',
  // Set by every render of the test helpers before it is read.
  'apps/web/src/test/render.tsx:currentPath': "the memory router's location of the last render",
};

describe('module-level state (the web files share modules within a worker)', () => {
  it('lists only state the setup resets after each file, or whose reason is recorded here', () => {
    const reset = Object.keys(RESET_AFTER_EACH_FILE);
    expect(reset.filter((key) => key in HARMLESS)).toEqual([]);
    expect(moduleState(root, ['apps/web/src'])).toEqual([...reset, ...Object.keys(HARMLESS)].sort());
  });

  it('runs every file that mocks a module in the isolated web-mocks project', () => {
    expect(mockingTests(root, 'apps/web/src')).toEqual([...WEB_MOCKING_TESTS].sort());
  });
});
