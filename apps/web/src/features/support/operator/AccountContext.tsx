import { Badge, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { OperatorThread } from '@replay/contracts';
import { formatDate, formatDateTime } from '../../../lib/format-date';

/** Beside a thread: who the customer is (the account, its plan), their instances and what failed lately. */
export function AccountContext({ account }: { account: OperatorThread['account'] }) {
  return (
    <Paper withBorder p="md" radius="md" component="aside" aria-labelledby="operator-account">
      <Stack gap="sm">
        <Title order={3} size="h5" id="operator-account">
          {account.name}
        </Title>
        <Text size="sm">
          Plan: <Badge variant="light">{account.plan === 'trial' ? 'Trial' : 'Paying'}</Badge> · Edition {account.edition}
          {account.plan === 'trial' ? ` · trial ends ${formatDate(account.trialEndsAt)}` : ''}
        </Text>
        <Title order={4} size="h6">
          Instances
        </Title>
        {account.instances.length === 0 ? (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        ) : (
          <List size="sm" spacing={2}>
            {account.instances.map((i) => (
              <List.Item key={i.id}>
                {i.name} — {i.status}, {i.size}
              </List.Item>
            ))}
          </List>
        )}
        <Title order={4} size="h6">
          Recent failures
        </Title>
        {account.recentFailures.length === 0 ? (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        ) : (
          <List size="sm" spacing={2}>
            {account.recentFailures.map((f, index) => (
              <List.Item key={`${f.at}-${index}`}>
                {formatDateTime(f.at)}: {f.instanceName ? `${f.instanceName}, ` : ''}
                {f.action} — {f.message}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
