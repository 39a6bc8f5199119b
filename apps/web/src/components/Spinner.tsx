import { Box, Loader, VisuallyHidden, type MantineSize } from '@mantine/core';

interface Props {
  /** What is loading or being checked, e.g. 'Loading instance'. */
  label: string;
  size?: MantineSize | number;
}

/**
 * A spinner that says what it waits for: a status region named by `label`,
 * with the same words inside, so a screen reader announces them when it
 * appears; the animation itself is hidden from it.
 */
export function Spinner({ label, size }: Props) {
  return (
    <Box component="span" role="status" aria-label={label} display="inline-flex">
      <Loader size={size} aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Box>
  );
}
