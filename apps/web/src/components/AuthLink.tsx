import type { ReactNode } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

interface Props {
  /** Said before the link, e.g. "Don't have an account?". */
  prompt?: string;
  to: string;
  children: ReactNode;
}

/** The centred line under a public form that leads to another public screen. */
export function AuthLink({ prompt, to, children }: Props) {
  return (
    <Text size="sm" ta="center">
      {prompt && <>{prompt} </>}
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}
