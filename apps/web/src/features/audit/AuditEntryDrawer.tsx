import type { ReactNode } from 'react';
import { Badge, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Drawer } from '../../components/Drawer';
import { DRAWER_WIDTHS } from '@replay/contracts';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { useTrail } from './api';
import { auditTimeFormat, statusColor } from './AuditTable';

export const ENTRY_FETCH_FAILED = 'Error fetching audit entry';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </div>
  );
}

const pretty = (value: unknown) => (value === null || value === undefined ? 'None' : JSON.stringify(value, null, 2));

/** One audit entry in full (GET /trails/{id}): who, what, where, outcome, and the redacted parameters and payload. */
export function AuditEntryDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const entry = useTrail(id);
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size={DRAWER_WIDTHS.upgrade} title="Audit entry">
      {entry.isPending ? (
        <Group justify="center" py="xl">
          <Spinner label="Loading audit entry" />
        </Group>
      ) : entry.isError ? (
        <Text c="red" role="alert">
          {errorMessage(entry.error, ENTRY_FETCH_FAILED)}
        </Text>
      ) : (
        <Stack gap="md">
          <Title order={3} size="h4">
            {entry.data.action}
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Field label="Time">{auditTimeFormat.format(new Date(entry.data.createdAt))}</Field>
            <Field label="Status">
              <Badge size="sm" variant="light" color={statusColor(entry.data.status)}>
                {entry.data.status}
              </Badge>
            </Field>
            <Field label="User">{entry.data.username || '—'}</Field>
            <Field label="Email">{entry.data.email || '—'}</Field>
          </SimpleGrid>
          <Field label="Endpoint">
            <Code mr={6}>{entry.data.method}</Code>
            {entry.data.endpoint}
          </Field>
          <Field label="Route">{entry.data.route}</Field>
          <Field label="Parameters">
            <Code block>{pretty(entry.data.parameters)}</Code>
          </Field>
          <Field label="Payload">
            <Code block>{pretty(entry.data.payload)}</Code>
          </Field>
          <Text size="xs" c="dimmed">
            Passwords, tokens, secrets and card data are redacted before an entry is stored.
          </Text>
        </Stack>
      )}
    </Drawer>
  );
}
