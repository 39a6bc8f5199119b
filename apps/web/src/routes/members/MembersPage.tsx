import { Badge, Group, Paper, Table, Text } from '@mantine/core';
import { useAccount } from '../../app/session/SessionProvider';
import { PageTitle } from '../../components/PageTitle';
import { useConsoleTitle } from '../../lib/use-document-title';

/** The team of this account: for now its only member, the signed-in user. */
export default function MembersPage() {
  useConsoleTitle('Team Members');
  const account = useAccount();
  return (
    <>
      <PageTitle title="Team Members" />
      <Paper withBorder radius="md">
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {account.name}
                  </Text>
                  <Badge size="xs" variant="light">
                    You
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{account.email}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {account.roleName && (
                    <Badge variant="outline" size="sm">
                      {account.roleName}
                    </Badge>
                  )}
                  {account.superAdmin ? (
                    <Badge color="grape" size="sm" variant="light">
                      Owner
                    </Badge>
                  ) : account.admin ? (
                    <Badge color="blue" size="sm" variant="light">
                      Admin
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Text size="sm" c="dimmed" mt="sm">
        Showing 1 to 1 of 1 members.
      </Text>
    </>
  );
}
