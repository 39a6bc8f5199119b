import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { PROJECT_MESSAGES, PROJECT_NAME_MAX, createProjectSchema, type Project } from '@replay/contracts';
import { FormDialog } from '../../components/FormDialog';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useCreateProject } from './api';

interface Props {
  /** The instances a project may go to: those of the member's site list (each holds its default project). */
  instances: readonly { instanceId: string; instanceName: string }[];
  onClose: () => void;
}

type Errors = Partial<Record<'instanceId' | 'name', string>>;

/** Create project: the instance it belongs to and its name, checked by the contracts' rules before the call. */
export function CreateProjectDialog({ instances, onClose }: Props) {
  const create = useCreateProject();
  const [instanceId, setInstanceId] = useState<string | null>(instances.length === 1 ? (instances[0]?.instanceId ?? null) : null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = async () => {
    const parsed = createProjectSchema.safeParse({ instanceId: instanceId ?? '', name });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'instanceId' ? 'instanceId' : 'name';
        found[field] ??= field === 'instanceId' ? 'Choose an instance.' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const made: Project = await create.mutateAsync(parsed.data);
      notifySuccess(PROJECT_MESSAGES.created(made.name));
      onClose();
    } catch {
      // Shown by FormAlert from the mutation's error.
    }
  };

  return (
    <FormDialog
      title="Create project"
      size="small"
      pending={create.isPending}
      onClose={onClose}
      onSubmit={submit}
      error={create.error ? errorMessage(create.error, 'Could not create the project.') : null}
    >
      <Select
        label="Instance"
        required
        placeholder="Choose an instance"
        data={instances.map((i) => ({ value: i.instanceId, label: i.instanceName }))}
        value={instanceId}
        onChange={setInstanceId}
        error={errors.instanceId}
        allowDeselect={false}
      />
      <TextInput label="Name" required maxLength={PROJECT_NAME_MAX} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create
        </Button>
      </Group>
    </FormDialog>
  );
}
