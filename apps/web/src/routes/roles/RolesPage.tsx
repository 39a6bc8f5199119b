import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconX from '@tabler/icons-react/dist/esm/icons/IconX.mjs';
import { PERMISSIONS } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { PageTitle } from '../../components/PageTitle';
import { PERMISSION_LABELS } from '../../features/roles/permission-labels';
import { useConsoleTitle } from '../../lib/use-document-title';

/** Roles and what they grant: the signed-in user's own role and its permissions. */
export default function RolesPage() {
  useConsoleTitle('Roles and Access');
  const account = useAccount();
  const held = new Set<string>(account.permissions);
  return (
    <>
      <PageTitle title="Roles and Access" />
      <Paper withBorder radius="md" p="lg" maw={560}>
        <Stack gap="md">
          <Group gap="xs">
            <Title order={2} size="h4">
              Your role
            </Title>
            <Badge variant="outline">{account.roleName ?? 'No role'}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            A role grants permissions for all instances or for chosen ones. Yours grants {held.size} of the{' '}
            {PERMISSIONS.length} permissions:
          </Text>
          <List spacing={6} size="sm" aria-label="Permissions">
            {PERMISSIONS.map((permission) => {
              const granted = held.has(permission);
              return (
                <List.Item
                  key={permission}
                  icon={
                    <ThemeIcon size={18} radius="xl" color={granted ? 'teal' : 'gray'} variant={granted ? 'filled' : 'light'}>
                      {granted ? <IconCheck size={12} aria-label="granted" /> : <IconX size={12} aria-label="not granted" />}
                    </ThemeIcon>
                  }
                >
                  <Text size="sm" c={granted ? undefined : 'dimmed'}>
                    {PERMISSION_LABELS[permission]}
                  </Text>
                </List.Item>
              );
            })}
          </List>
        </Stack>
      </Paper>
    </>
  );
}
