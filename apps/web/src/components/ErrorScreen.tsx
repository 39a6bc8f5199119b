import { Suspense, lazy, useState } from 'react';
import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import { ChunkLoadError } from '../lib/lazy';

// Loaded on demand: the drawer is not part of what every page downloads.
const HelpDrawer = lazy(() => import('./HelpDrawer'));

export const ERROR_TITLE = 'Something went wrong.';

interface Props {
  error?: unknown;
  onRetry: () => void;
  onBack: () => void;
}

/** The unhandled-error screen: what failed (when it says something useful), Try again, Go back, help. */
export function ErrorScreen({ error, onRetry, onBack }: Props) {
  const [helpOpen, setHelpOpen] = useState(false);
  const detail = error instanceof ChunkLoadError ? error.message : null;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center" role="alert">
        <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={28} />
        </ThemeIcon>
        <Title order={2}>{ERROR_TITLE}</Title>
        {detail && <Text c="dimmed">{detail}</Text>}
        <Group>
          <Button onClick={onRetry}>Try again</Button>
          <Button variant="default" onClick={onBack}>
            Go back
          </Button>
        </Group>
        <Button variant="subtle" size="xs" onClick={() => setHelpOpen(true)}>
          Documentation and community
        </Button>
      </Stack>
      {helpOpen && (
        <Suspense fallback={null}>
          <HelpDrawer opened onClose={() => setHelpOpen(false)} />
        </Suspense>
      )}
    </Center>
  );
}
