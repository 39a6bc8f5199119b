import { useState } from 'react';
import { List, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PERMISSIONS, type InstanceAccess, type Permission } from '@replay/contracts';
import { ListStates } from '../../components/list/ListStates';
import { PERMISSION_LABELS } from '../roles/permission-labels';
import { useInstanceAccess } from './api';
import { InstancePicker } from './InstancePicker';

export const WHO_CAN_PROMPT = 'Choose an instance and a permission to see who holds it there.';
export const NOBODY_CAN = 'Nobody on the team, and no API key, may do this on this instance.';

function WhoCanResult({ data }: { data: InstanceAccess }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Members
      </Text>
      {data.members.length === 0 ? (
        <Text size="sm" c="dimmed">
          No member
        </Text>
      ) : (
        <List aria-label="Members who can" spacing={4}>
          {data.members.map((m) => (
            <List.Item key={m.userId}>
              <Text size="sm">
                {m.name}{' '}
                <Text span c="dimmed">
                  ({m.email})
                </Text>
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" fw={500}>
        API keys
      </Text>
      {data.keys.length === 0 ? (
        <Text size="sm" c="dimmed">
          No API key
        </Text>
      ) : (
        <List aria-label="API keys that can" spacing={4}>
          {data.keys.map((k) => (
            <List.Item key={k.keyId}>
              <Text size="sm">{k.name}</Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** The Roles screen's 'Who can…' panel: who (members and API keys) may exercise a permission on an instance. */
export function WhoCanPanel() {
  const [instanceId, setInstanceId] = useState<string | null>(null);
  const [permission, setPermission] = useState<Permission | null>(null);
  const access = useInstanceAccess(instanceId, permission);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="who-can-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="who-can-title">
          Who can…
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <InstancePicker value={instanceId} onChange={setInstanceId} />
          <Select
            label="Permission"
            placeholder="Choose a permission"
            data={PERMISSIONS.map((p) => ({ value: p, label: PERMISSION_LABELS[p] }))}
            value={permission}
            onChange={(value) => setPermission(value as Permission | null)}
            searchable
            nothingFoundMessage="No permission"
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {instanceId === null || permission === null ? (
          <Text size="sm" c="dimmed">
            {WHO_CAN_PROMPT}
          </Text>
        ) : (
          <ListStates
            query={access}
            loading={{ label: 'Loading who can', rows: 3, height: 24 }}
            errorPrefix="Error fetching who can"
            isEmpty={(data) => data.members.length === 0 && data.keys.length === 0}
            empty={<Text size="sm">{NOBODY_CAN}</Text>}
          >
            {(data) => <WhoCanResult data={data} />}
          </ListStates>
        )}
      </Stack>
    </Paper>
  );
}
