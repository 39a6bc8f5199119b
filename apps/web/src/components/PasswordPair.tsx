import type { ReactNode } from 'react';
import { PasswordInput } from '@mantine/core';
import { MESSAGES } from '@replay/contracts';

interface Props {
  /** The two labels: ['Password', 'Repeat Password'] or the 'New Password' pair. */
  labels: readonly [password: string, repeat: string];
  password: string;
  repeat: string;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
  onPasswordBlur?: () => void;
  /** Under the first field, e.g. the strength rule. */
  description?: ReactNode;
  /** What is wrong with the first field. */
  error?: string;
}

/** A new password typed twice; the second says 'Passwords don't match' once it differs. */
export function PasswordPair({ labels, password, repeat, onPasswordChange, onRepeatChange, onPasswordBlur, description, error }: Props) {
  const mismatch = repeat.length > 0 && repeat !== password ? MESSAGES.passwordsDontMatch : undefined;
  return (
    <>
      <PasswordInput
        label={labels[0]}
        autoComplete="new-password"
        description={description}
        value={password}
        onChange={(e) => onPasswordChange(e.currentTarget.value)}
        onBlur={onPasswordBlur}
        error={error}
      />
      <PasswordInput label={labels[1]} autoComplete="new-password" value={repeat} onChange={(e) => onRepeatChange(e.currentTarget.value)} error={mismatch} />
    </>
  );
}
