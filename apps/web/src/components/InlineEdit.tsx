import { useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import { TEXT_LIMITS } from '@replay/contracts';
import { Icon } from './Icon';

interface Props {
  value: string;
  /** What is being edited, for the input's and the edit button's accessible names. */
  label: string;
  onSave: (next: string) => void;
  maxLength?: number;
  disabled?: boolean;
}

/**
 * Text that turns into an input on double click or on the pencil button.
 * Enter or leaving the field commits the trimmed text (an empty or unchanged
 * text changes nothing); Escape cancels.
 */
export function InlineEdit({ value, label, onSave, maxLength = TEXT_LIMITS.inlineName, disabled = false }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const done = useRef(false);

  const start = () => {
    if (disabled) return;
    done.current = false;
    setDraft(value);
    setEditing(true);
  };

  const finish = (commit: boolean) => {
    if (done.current) return;
    done.current = true;
    setEditing(false);
    const next = draft.trim();
    if (commit && next && next !== value) onSave(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    }
  };

  if (editing) {
    return <TextInput aria-label={label} value={draft} maxLength={maxLength} onChange={(e) => setDraft(e.currentTarget.value)} onKeyDown={onKeyDown} onBlur={() => finish(true)} autoFocus size="sm" />;
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Text fw={600} onDoubleClick={start} title={disabled ? undefined : 'Double click to edit'}>
        {value}
      </Text>
      {!disabled && (
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Edit ${label}`} onClick={start}>
          <Icon icon={IconPencil} />
        </ActionIcon>
      )}
    </Group>
  );
}
