import { useState } from 'react';
import { ActionIcon, Anchor, Paper, Stack } from '@mantine/core';
import IconBook from '@tabler/icons-react/dist/esm/icons/IconBook.mjs';
import IconMessageCircle from '@tabler/icons-react/dist/esm/icons/IconMessageCircle.mjs';
import IconQuestionMark from '@tabler/icons-react/dist/esm/icons/IconQuestionMark.mjs';
import IconX from '@tabler/icons-react/dist/esm/icons/IconX.mjs';
import { usePublicConfig } from '../../features/config/api';
import { Icon } from '../../components/Icon';

/**
 * The help button at the bottom left of sign-up: Docs, Chat with us. A plain
 * disclosure (no popover engine), so the public screens stay light.
 */
export function HelpButton() {
  const { data: config } = usePublicConfig();
  const [open, setOpen] = useState(false);
  if (!config) return null;
  return (
    <div className="help-button" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      {open && (
        <Paper id="signup-help" withBorder shadow="md" radius="md" p="sm" mb="xs">
          <Stack gap="xs">
            <Anchor href={config.docsUrl} target="_blank" rel="noreferrer" size="sm">
              <Icon icon={IconBook} /> Docs
            </Anchor>
            <Anchor href={config.communityUrl} target="_blank" rel="noreferrer" size="sm">
              <Icon icon={IconMessageCircle} /> Chat with us
            </Anchor>
          </Stack>
        </Paper>
      )}
      <ActionIcon size="xl" radius="xl" variant="filled" aria-label="Help" aria-expanded={open} aria-controls="signup-help" onClick={() => setOpen((v) => !v)}>
        {open ? <IconX size={20} /> : <IconQuestionMark size={20} />}
      </ActionIcon>
    </div>
  );
}
