import { useEffect, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';
import { TIMINGS_MS } from '@replay/contracts';
import { notifyError } from '../lib/notify';
import { Icon } from './Icon';

interface Props {
  value: string;
  /** What is copied, for the accessible name ("Copy API key"). */
  label: string;
}

/** Copies `value` to the clipboard and shows 'copied' for one second. */
export function CopyButton({ value, label }: Props) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      notifyError('Could not copy to the clipboard.');
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMINGS_MS.copyFeedback);
  };

  return (
    <Button
      size="xs"
      variant="light"
      color={copied ? 'teal' : undefined}
      leftSection={copied ? <Icon icon={IconCheck} /> : <Icon icon={IconCopy} />}
      onClick={() => void copy()}
      aria-label={copied ? `${label}: copied` : `Copy ${label}`}
    >
      <span aria-live="polite">{copied ? 'copied' : 'Copy'}</span>
    </Button>
  );
}
