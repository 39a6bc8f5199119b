import { Code, Paper, Stack, Text } from '@mantine/core';
import { useAccount } from '../../app/session/SessionProvider';
import { CopyButton } from '../../components/CopyButton';
import { KeyValue } from './KeyValue';
import { Section } from './Section';

/** /account/api-keys: the keys that identify this organization to the product's API and tracker. */
export default function ApiKeysPage() {
  const account = useAccount();
  if (account.apiKey === null || account.tenantKey === null) {
    return (
      <Section title="API Keys" description="The keys that identify this organization to the API and the tracker.">
        <Paper withBorder radius="md" p="lg">
          <Text size="sm">Only the admins of this organization can see its keys. Please ask an admin.</Text>
        </Paper>
      </Section>
    );
  }
  return (
    <Section
      title="API Keys"
      description="Keep these private: anyone holding the API key can call the API as your organization."
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <KeyValue label="API key">
            <Code style={{ wordBreak: 'break-all' }}>{account.apiKey}</Code>
            <CopyButton value={account.apiKey} label="API key" />
          </KeyValue>
          <KeyValue label="Tenant key">
            <Code style={{ wordBreak: 'break-all' }}>{account.tenantKey}</Code>
            <CopyButton value={account.tenantKey} label="tenant key" />
          </KeyValue>
          <Text size="sm" c="dimmed">
            The API key authenticates calls to the API; the tenant key identifies your organization to the tracker
            running in your pages.
          </Text>
        </Stack>
      </Paper>
    </Section>
  );
}
