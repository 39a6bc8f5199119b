import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import IconFolders from '@tabler/icons-react/dist/esm/icons/IconFolders.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import { PROJECT_MESSAGES, canOpenScreen, type Project } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { ListStates } from '../../components/list/ListStates';
import { useDeleteProject, useRenameProject, useSites } from '../../features/projects/api';
import { CreateProjectDialog } from '../../features/projects/CreateProjectDialog';
import { ProjectsTable } from '../../features/projects/ProjectsTable';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useConsoleTitle } from '../../lib/use-document-title';

/** The distinct instances of the site list, in its order: where a new project may go. */
function instancesOf(projects: readonly Project[]) {
  const seen = new Map<string, { instanceId: string; instanceName: string }>();
  for (const p of projects) if (!seen.has(p.instanceId)) seen.set(p.instanceId, { instanceId: p.instanceId, instanceName: p.instanceName });
  return [...seen.values()];
}

/**
 * Settings → Projects (/client/projects): the session's site list, each project with its
 * instance and key; create one (within the account's sites), rename in place, delete one
 * after a confirmation (an instance's default project stays with its instance).
 */
export default function ProjectsPage() {
  useConsoleTitle('Projects');
  const account = useAccount();
  const mayEdit = canOpenScreen(account.permissions, 'instancesEdit');
  const sites = useSites();
  const rename = useRenameProject();
  const remove = useDeleteProject();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Project | null>(null);

  const onRename = (project: Project, name: string) =>
    rename.mutate({ siteId: project.siteId, name }, { onSuccess: () => notifySuccess(PROJECT_MESSAGES.renamed), onError: (err) => notifyError(errorMessage(err, 'Could not rename the project.')) });

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.siteId);
      notifySuccess(PROJECT_MESSAGES.deleted);
    } catch (err) {
      notifyError(errorMessage(err, 'Could not delete the project.'));
    }
    setDeleting(null);
  };

  const limit = sites.data?.sites;
  const full = limit !== undefined && limit.remaining === 0;
  const instances = instancesOf(sites.data?.projects ?? []);
  const createButton =
    mayEdit && instances.length > 0 ? (
      <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} disabled={full}>
        Create project
      </Button>
    ) : undefined;

  return (
    <>
      <PageTitle title="Projects" actions={createButton} />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A project is a site you record: it belongs to an instance, and its alerts, errors and getting started are shown by project. Each instance has a default project, made with it. A tracker on
          the site sends the project’s key, which its instance accepts a moment after the project is created and refuses once it is deleted; the account’s project key (Getting started › Install) is
          accepted too.
        </Text>
        {limit &&
          (full ? (
            <Text size="sm" c="red" role="note" data-testid="projects-left">
              {PROJECT_MESSAGES.limitReached}
            </Text>
          ) : (
            <Text size="sm" data-testid="projects-left">
              {limit.remaining} of {limit.limit} projects left on your account
            </Text>
          ))}
        <ListStates
          query={sites}
          loading={{ label: 'Loading projects', rows: 3, height: 44 }}
          errorPrefix="Error fetching projects"
          isEmpty={(data) => data.projects.length === 0}
          empty={<EmptyState icon={<IconFolders size={32} />} title="No projects yet" description={PROJECT_MESSAGES.empty} />}
        >
          {(data) => <ProjectsTable projects={data.projects} mayEdit={mayEdit} busy={rename.isPending || remove.isPending} onRename={onRename} onDelete={setDeleting} />}
        </ListStates>
      </Stack>
      {creating && <CreateProjectDialog instances={instances} onClose={() => setCreating(false)} />}
      <ConfirmDialog opened={deleting !== null} title="Delete project" confirmLabel="Delete" danger loading={remove.isPending} onConfirm={() => void onDelete()} onCancel={() => setDeleting(null)}>
        {deleting ? PROJECT_MESSAGES.deleteConfirm(deleting.name) : null}
      </ConfirmDialog>
    </>
  );
}
