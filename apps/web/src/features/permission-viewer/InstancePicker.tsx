import { Select, Text } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import { useInstanceChoices } from '../roles/api';

export const NO_INSTANCES_TO_PICK = 'No instance can be listed here: the permission viewer needs an instance you can view.';

interface Props {
  value: string | null;
  onChange: (instanceId: string | null) => void;
}

/** Chooses one of the instances the signed-in user can see (the viewer only answers for those). */
export function InstancePicker({ value, onChange }: Props) {
  const choices = useInstanceChoices(true);
  const instances = choices.data?.instances ?? [];
  const unavailable = choices.data?.unavailable === true || choices.isError || (choices.isSuccess && instances.length === 0);
  return (
    <>
      <Select
        label="Instance"
        placeholder={choices.isPending ? 'Loading instances…' : 'Choose an instance'}
        data={instances.map((i) => ({ value: i.instanceId, label: i.name }))}
        value={value}
        onChange={onChange}
        searchable
        nothingFoundMessage="No instances"
        disabled={choices.isPending || unavailable}
        comboboxProps={{ withinPortal: true }}
      />
      {unavailable && (
        <Text size="sm" c="dimmed">
          {NO_INSTANCES_TO_PICK}
        </Text>
      )}
    </>
  );
}
