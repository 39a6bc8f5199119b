import { useId, useState, type KeyboardEvent } from 'react';
import { Badge, CloseButton, Group, Stack, TextInput } from '@mantine/core';

/** The spec's rule (section 5): alphanumeric only. */
const ALPHANUMERIC = /^[\p{L}\p{N}]+$/u;
export const TAG_INPUT_MESSAGES = { alphanumeric: 'Only letters and digits', duplicate: 'Already in the list' } as const;

interface Props {
  label: string;
  description?: string;
  placeholder?: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  /**
   * The rule a tag must meet: null when it does, else why not. The spec's alphanumeric rule
   * by default; a field whose tags are addresses or domains (dots, slashes, colons) passes
   * its own, the one the API applies.
   */
  validate?: (tag: string) => string | null;
  /** An error for the whole list (the server's, or the form's). */
  error?: string | null;
  disabled?: boolean;
}

const alphanumeric = (tag: string) => (ALPHANUMERIC.test(tag) ? null : TAG_INPUT_MESSAGES.alphanumeric);

/** Tag input (spec section 5): Enter adds the typed text as a tag when it is not empty and passes the rule; each tag can be removed. */
export function TagInput({ label, description, placeholder, tags, onChange, validate = alphanumeric, error, disabled }: Props) {
  const [text, setText] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const listId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds a tag; it never submits the form around it.
    event.preventDefault();
    const tag = text.trim();
    if (tag === '') return;
    const problem = validate(tag) ?? (tags.includes(tag) ? TAG_INPUT_MESSAGES.duplicate : null);
    setTypedError(problem);
    if (problem) return;
    onChange([...tags, tag]);
    setText('');
  };

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        description={description}
        placeholder={placeholder}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setTypedError(null);
        }}
        onKeyDown={onKeyDown}
        error={typedError ?? error}
        aria-describedby={tags.length ? listId : undefined}
      />
      {tags.length > 0 && (
        <Group gap={6} id={listId} role="list" aria-label={label}>
          {tags.map((tag) => (
            <Badge
              key={tag}
              role="listitem"
              variant="light"
              color="gray"
              tt="none"
              // Mantine's Pill hides its remove button from assistive technology; this one is a real, named button.
              rightSection={disabled ? null : <CloseButton size="xs" aria-label={`Remove ${tag}`} onClick={() => onChange(tags.filter((t) => t !== tag))} />}
            >
              {tag}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
