import { useState } from 'react';
import { Badge, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useAccount, useSession } from '../../app/session/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { tokenExpiry, useAccessToken } from '../../lib/api';
import { KeyValue } from './KeyValue';
import { Section } from './Section';

const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

/** /account/session: who is signed in, with which rights, until when, and signing out. */
export default function SessionPage() {
  const account = useAccount();
  const { logout, iframe } = useSession();
  const token = useAccessToken();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const expires = token ? tokenExpiry(token) : null;

  return (
    <Section title="Session" description="This browser's session. It renews itself while the console is open.">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <KeyValue label="Signed in as">
              <Text size="sm">{account.email}</Text>
            </KeyValue>
            <KeyValue label="Role">
              <Badge variant="outline">{account.roleName ?? 'No role'}</Badge>
              {account.superAdmin && <Badge variant="light">Owner</Badge>}
            </KeyValue>
            <KeyValue label="Permissions">
              <Text size="sm">{account.permissions.length} of 9</Text>
            </KeyValue>
            <KeyValue label="Access token renews before">
              <Text size="sm">{expires ? timeFormat.format(new Date(expires)) : 'Unknown'}</Text>
            </KeyValue>
            <KeyValue label="Email verified">
              <Text size="sm">{account.verifiedEmail ? 'Yes' : 'No'}</Text>
            </KeyValue>
            <KeyValue label="Embedded view">
              <Text size="sm">{iframe ? 'Yes' : 'No'}</Text>
            </KeyValue>
          </SimpleGrid>
          <div>
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Sign out
            </Button>
          </div>
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title="Sign out"
        confirmLabel="Sign out"
        danger
        loading={leaving}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setLeaving(true);
          void logout();
        }}
      >
        Sign out of the console in this browser?
      </ConfirmDialog>
    </Section>
  );
}
