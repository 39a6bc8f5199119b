import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '../../app/session/SessionProvider';
import { AuthCard } from '../../components/AuthCard';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * The frame of a step a person must take before the console opens (a new password, a
 * second factor): the step's title as the page's, what it asks, and the way out, Logout,
 * since nothing else is reachable until the step is done.
 */
export function ForcedStepFrame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  useDocumentTitle(title);
  const { logout } = useSession();
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {children}
      <Text size="sm" ta="center">
        <Anchor component="button" type="button" onClick={() => void logout()}>
          Logout
        </Anchor>
      </Text>
    </AuthCard>
  );
}
