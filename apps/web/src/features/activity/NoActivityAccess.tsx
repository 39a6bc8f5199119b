import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconLock from '@tabler/icons-react/dist/esm/icons/IconLock.mjs';

export const NO_ACTIVITY_ACCESS_TITLE = 'No access to the activity log';
export const NO_ACTIVITY_ACCESS_TEXT =
  'Your role does not include the View activity permission, so the console activity of this account is hidden from you. Ask an admin of your team to add it to your role.';

/**
 * The Activity screen's own no-access panel (spec section 6): the page keeps
 * its title and explains what is missing, instead of the generic 'Not allowed'.
 */
export function NoActivityAccess() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center" py="lg" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {NO_ACTIVITY_ACCESS_TITLE}
        </Title>
        <Text c="dimmed" size="sm">
          {NO_ACTIVITY_ACCESS_TEXT}
        </Text>
      </Stack>
    </Paper>
  );
}
