import { ActionIcon, Anchor, Badge, Code, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { PROJECT_MESSAGES, PROJECT_NAME_MAX, routes, type Project } from '@replay/contracts';
import { CopyButton } from '../../components/CopyButton';
import { Icon } from '../../components/Icon';
import { InlineEdit } from '../../components/InlineEdit';
import { DataTable } from '../../components/list/DataTable';

interface Props {
  projects: readonly Project[];
  /** The member may rename and delete (EDIT_INSTANCES); otherwise the list is read-only. */
  mayEdit: boolean;
  busy: boolean;
  onRename: (project: Project, name: string) => void;
  onDelete: (project: Project) => void;
}

/** Each project: its instance, its name (renamed in place), its key with a copy button, and Delete for all but an instance's default. */
export function ProjectsTable({ projects, mayEdit, busy, onRename, onDelete }: Props) {
  return (
    <DataTable label="Projects" columns={['Name', 'Instance', 'Project key']} actions minWidth={760}>
      {projects.map((project) => (
        <Table.Tr key={project.siteId}>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <InlineEdit value={project.name} label={`name of project ${project.name}`} maxLength={PROJECT_NAME_MAX} disabled={!mayEdit || busy} onSave={(name) => onRename(project, name)} />
              {project.isDefault && (
                <Badge variant="light" color="gray" tt="none">
                  Default
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={routes.instance(project.instanceId)} size="sm">
              {project.instanceName}
            </Anchor>
          </Table.Td>
          <Table.Td>
            {project.projectKey === null ? (
              <Text size="sm" c="dimmed">
                {PROJECT_MESSAGES.keyForAdmins}
              </Text>
            ) : (
              <Group gap="xs" wrap="nowrap">
                <Code>{project.projectKey}</Code>
                <CopyButton value={project.projectKey} label={`project key of ${project.name}`} />
              </Group>
            )}
          </Table.Td>
          <Table.Td>
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Anchor component={Link} to={routes.errors(project.siteId)} size="sm">
                Errors
              </Anchor>
              {mayEdit && !project.isDefault ? (
                <ActionIcon variant="subtle" color="red" aria-label={`Delete project ${project.name}`} onClick={() => onDelete(project)} disabled={busy}>
                  <Icon icon={IconTrash} />
                </ActionIcon>
              ) : (
                <Text component="span" w={28} aria-hidden />
              )}
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
