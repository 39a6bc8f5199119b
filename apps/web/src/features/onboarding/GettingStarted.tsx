import { Anchor, Badge, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconCircleDashed from '@tabler/icons-react/dist/esm/icons/IconCircleDashed.mjs';
import { BOARDING_TASK_TAB, gettingStartedStatus, routes, type Boarding } from '@replay/contracts';
import { useBoarding } from './api';
import { useSites } from '../projects/sites';
import { Icon } from '../../components/Icon';

export const GETTING_STARTED_TITLE = 'Getting Started';

/**
 * The getting-started checklist (GET /boarding) for the account, its steps linking to the
 * onboarding tabs of `siteId` on that project's own onboarding page, elsewhere of the
 * account's oldest project the member reaches (GET /projects, oldest
 * first): the same one whatever the instances list shows, sorted, searched or paged (issue 42:
 * it followed the list's first row). Before the account has a project (an instance), while
 * loading, or when the checklist cannot be read, it shows nothing: it is a guide, not the
 * page's content. A completed checklist links nowhere, and asks for no project.
 */
export function GettingStarted({ tenantId, siteId: shown }: { tenantId: string; siteId?: string }) {
  const boarding = useBoarding(tenantId);
  const tasks = boarding.data?.tasks;
  const status = tasks ? gettingStartedStatus(tasks) : null;
  // A project's own onboarding page names it (`siteId`); elsewhere, the account's first.
  const sites = useSites(status === 'in-progress' && !shown);
  const siteId = shown ?? sites.data?.projects[0]?.siteId;
  if (!tasks || (status === 'in-progress' && !siteId)) return null;
  const done = tasks.filter((t) => t.done).length;
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="getting-started-title">
      <Group justify="space-between" mb={status === 'completed' ? 0 : 'xs'}>
        <Title order={2} size="h4" id="getting-started-title">
          {GETTING_STARTED_TITLE}
        </Title>
        <Badge color={status === 'completed' ? 'teal' : 'blue'} variant="light">
          {status === 'completed' ? 'Completed' : `In progress: ${done} of ${tasks.length} done`}
        </Badge>
      </Group>
      {status === 'in-progress' && siteId && <Steps tasks={tasks} siteId={siteId} />}
    </Paper>
  );
}

/** The checklist's steps: a done one ticked, a pending one linking to its onboarding tab of `siteId`. */
function Steps({ tasks, siteId }: { tasks: Boarding['tasks']; siteId: string }) {
  return (
    <List spacing="xs" center>
      {tasks.map(({ task, done: finished }) => (
        <List.Item
          key={task}
          icon={
            <ThemeIcon color={finished ? 'teal' : 'gray'} variant="light" size={22} radius="xl" aria-hidden>
              {finished ? <Icon icon={IconCheck} /> : <Icon icon={IconCircleDashed} />}
            </ThemeIcon>
          }
        >
          {finished ? (
            <Text size="sm">
              {task}{' '}
              <Text span size="sm" c="dimmed">
                (done)
              </Text>
            </Text>
          ) : (
            <Anchor component={Link} size="sm" to={routes.onboarding(siteId, BOARDING_TASK_TAB[task])}>
              {task}
            </Anchor>
          )}
        </List.Item>
      ))}
    </List>
  );
}
