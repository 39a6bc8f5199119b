import { MultiSelect, Stack, Switch, Text } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { useInstanceChoices } from './api';

interface Props {
  allInstances: boolean;
  instances: readonly string[];
  onAllInstances: (next: boolean) => void;
  onInstances: (next: string[]) => void;
  disabled: boolean;
  /** Whether the signed-in user may read the instances list at all. */
  canListInstances: boolean;
  error?: string;
}

export const NO_INSTANCE_LIST = 'The instances of this account cannot be listed here, so none can be chosen. Keep "All instances" on, or ask someone who can view instances.';

/** A role's reach: all instances (the default) or chosen ones, picked by name. */
export function ScopePicker({ allInstances, instances, onAllInstances, onInstances, disabled, canListInstances, error }: Props) {
  const choices = useInstanceChoices(!allInstances && canListInstances);
  const known = new Map((choices.data?.instances ?? []).map((i) => [i.instanceId, i.name]));
  // A chosen instance missing from the list (deleted, or outside this user's view) still shows, by id.
  const data = [...(choices.data?.instances ?? []).map((i) => ({ value: i.instanceId, label: i.name })), ...instances.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id }))];
  const unavailable = !canListInstances || choices.data?.unavailable === true || choices.isError;
  return (
    <Stack gap="xs">
      <Switch
        label="All instances"
        description="The role applies to every instance, including ones created later."
        checked={allInstances}
        disabled={disabled}
        onChange={(e) => onAllInstances(e.currentTarget.checked)}
      />
      {!allInstances && (
        <MultiSelect
          label="Instances"
          placeholder={choices.isFetching ? 'Loading instances…' : 'Choose instances'}
          data={data}
          value={[...instances]}
          onChange={onInstances}
          disabled={disabled}
          searchable
          clearable
          nothingFoundMessage="No instances"
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {!allInstances && unavailable && (
        <Text size="xs" c="dimmed">
          {NO_INSTANCE_LIST}
        </Text>
      )}
    </Stack>
  );
}
