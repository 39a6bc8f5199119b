import { Center } from '@mantine/core';
import { Spinner } from './Spinner';

/** The loading state of a screen or of the session. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh">
      <Spinner label={label} />
    </Center>
  );
}
