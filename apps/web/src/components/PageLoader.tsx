import { Center, Loader } from '@mantine/core';

/** The loading state of a screen or of the session. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-label={label} aria-live="polite">
      <Loader />
    </Center>
  );
}
