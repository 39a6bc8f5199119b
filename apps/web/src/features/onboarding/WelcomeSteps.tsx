import { List, Paper, Text, Title } from '@mantine/core';
import { BOARDING_TASKS } from '@replay/contracts';
import { GETTING_STARTED_TITLE } from './GettingStarted';

export const FIRST_STEP = 'Create your instance';

/**
 * What a new account's getting-started steps will be, shown under the welcome right after
 * sign-up (the session's `onboarding` flag): the first instance, then the checklist's tasks,
 * which need that instance (they open its onboarding tabs once it exists).
 */
export function WelcomeSteps() {
  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby="welcome-steps-title">
      <Title order={2} size="h4" id="welcome-steps-title" mb="xs">
        {GETTING_STARTED_TITLE}
      </Title>
      <List type="ordered" spacing="xs">
        <List.Item>
          <Text size="sm" fw={600} span>
            {FIRST_STEP}
          </Text>{' '}
          <Text size="sm" c="dimmed" span>
            (next)
          </Text>
        </List.Item>
        {BOARDING_TASKS.map((task) => (
          <List.Item key={task}>
            <Text size="sm" span>
              {task}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
