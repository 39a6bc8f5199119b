import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { MAX_CONDITION_SETS } from '@replay/contracts';
import { Icon } from '../../components/Icon';

/** A condition set as typed: empty fields are "not named". */
export interface ConditionDraft {
  name: string;
  urlPath: string;
  userId: string;
}

interface Props {
  sets: ConditionDraft[];
  onChange: (sets: ConditionDraft[]) => void;
  error: string | null;
  disabled: boolean;
}

/** Conditional capture: sets of conditions (a URL path prefix, a user id) whose sessions are recorded whatever the capture rate. */
export function ConditionSetsEditor({ sets, onChange, error, disabled }: Props) {
  const edit = (i: number, change: Partial<ConditionDraft>) => onChange(sets.map((s, j) => (j === i ? { ...s, ...change } : s)));
  return (
    <Stack gap="xs" role="group" aria-labelledby="conditional-capture-title">
      <Text fw={500} size="sm" id="conditional-capture-title">
        Conditional capture
      </Text>
      <Text size="sm" c="dimmed">
        Sessions matching a set are recorded whatever the capture rate. A set matches when the page path starts with its URL path and the user is its user id (each only when given).
      </Text>
      {sets.length === 0 && <Text size="sm">No condition sets</Text>}
      {sets.map((set, i) => (
        <Group key={i} align="flex-end" gap="xs" wrap="wrap">
          <TextInput label={`Set ${i + 1} name`} value={set.name} disabled={disabled} onChange={(e) => edit(i, { name: e.currentTarget.value })} />
          <TextInput label={`Set ${i + 1} URL path`} placeholder="/checkout" value={set.urlPath} disabled={disabled} onChange={(e) => edit(i, { urlPath: e.currentTarget.value })} />
          <TextInput label={`Set ${i + 1} user id`} value={set.userId} disabled={disabled} onChange={(e) => edit(i, { userId: e.currentTarget.value })} />
          {!disabled && (
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove set ${i + 1}`} onClick={() => onChange(sets.filter((_, j) => j !== i))}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {!disabled && sets.length < MAX_CONDITION_SETS && (
        <div>
          <Button variant="default" size="xs" leftSection={<Icon icon={IconPlus} />} onClick={() => onChange([...sets, { name: '', urlPath: '', userId: '' }])}>
            Add condition set
          </Button>
        </div>
      )}
    </Stack>
  );
}
