import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconLock from '@tabler/icons-react/dist/esm/icons/IconLock.mjs';

export const NOT_ALLOWED_MESSAGE = "You don't have the necessary permissions to access this feature. Please check with your admin.";

/** Shown where the signed-in user lacks the permission (a 403, or a guarded screen). */
export function NotAllowed({ message = NOT_ALLOWED_MESSAGE }: { message?: string }) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={2}>Not allowed</Title>
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Center>
  );
}
