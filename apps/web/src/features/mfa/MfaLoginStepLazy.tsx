import { Suspense, lazy, type ComponentProps } from 'react';
import { Center } from '@mantine/core';
import { Spinner } from '../../components/Spinner';
import { loadChunk } from '../../lib/lazy';

/**
 * The second sign-in step, fetched only when a password was right and a second factor is
 * owed: most sign-ins never show it, and /login's first load stays within its byte budget
 * (issue 10: ≤ 200 kB transferred) without carrying its form, calls and rules.
 */
const MfaLoginStep = lazy(() => loadChunk('mfa-login', () => import('./MfaLoginStep').then((m) => ({ default: m.MfaLoginStep }))));

export function MfaLoginStepLazy(props: ComponentProps<typeof MfaLoginStep>) {
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Spinner size="sm" label="Loading the second step" />
        </Center>
      }
    >
      <MfaLoginStep {...props} />
    </Suspense>
  );
}
