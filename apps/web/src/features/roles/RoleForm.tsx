import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { ROLE_MESSAGES, TEXT_LIMITS, type Account, type Role, type RoleInput } from '@replay/contracts';
import { withStatusText } from '../../components/list/status-text';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateRole, useUpdateRole } from './api';
import { PermissionPicker } from './PermissionPicker';
import { ScopePicker } from './ScopePicker';
import { checkRoleDraft, roleDraftOf, roleReadOnlyReason, type RoleDraft } from './role-form';

export interface RoleFormProps {
  /** null: a new role; else the role as just read from the server. */
  role: Role | null;
  actor: Account;
  onClose: () => void;
  /** Told while a save is under way, so the dialog does not close under it. */
  onBusy: (busy: boolean) => void;
}

/** The creation or the update, with its toast; the dialog closes once it is saved. */
function useSaveRole(role: Role | null, onClose: () => void, onBusy: (busy: boolean) => void) {
  const create = useCreateRole();
  const update = useUpdateRole();
  const saving = create.isPending || update.isPending;
  useEffect(() => onBusy(saving), [saving, onBusy]);
  const failure = (role ? update.error : create.error) as unknown;
  // The server's reason (a taken name, rights above yours…), else what failed with its status text.
  const reason = !failure ? undefined : errorMessage(failure, '') || withStatusText(role ? ROLE_MESSAGES.updateFailed : ROLE_MESSAGES.createFailed, failure);
  const saved = (message: string) => {
    notifySuccess(message);
    onClose();
  };
  const save = (input: RoleInput) => {
    if (role) {
      update.mutate({ roleId: role.roleId, input }, { onSuccess: () => saved(ROLE_MESSAGES.updated), onError: () => notifyError(ROLE_MESSAGES.saveUpdateFailed) });
    } else {
      create.mutate(input, { onSuccess: () => saved(ROLE_MESSAGES.added), onError: () => notifyError(ROLE_MESSAGES.saveAddFailed) });
    }
  };
  return { saving, save, reason };
}

/**
 * Create or edit a role; shown read-only for protected roles and for users
 * without EDIT_ROLES. A refused save toasts the spec's message and keeps the
 * form open with the server's reason (a taken name, rights above yours…).
 */
export function RoleForm({ role, actor, onClose, onBusy }: RoleFormProps) {
  const [draft, setDraft] = useState<RoleDraft>(() => roleDraftOf(role));
  const [submitted, setSubmitted] = useState(false);
  const { saving, save, reason } = useSaveRole(role, onClose, onBusy);
  const readOnly = roleReadOnlyReason(role, actor);
  const { input, errors } = checkRoleDraft(draft);
  const set = <K extends keyof RoleDraft>(field: K, value: RoleDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Validity is checked before saving: nothing is sent while a rule fails.
    setSubmitted(true);
    if (readOnly || !input || saving) return;
    save(input);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {readOnly && (
          <Alert color="gray" variant="light">
            {readOnly}
          </Alert>
        )}
        <TextInput
          label="Name"
          required
          data-autofocus
          readOnly={readOnly !== null}
          maxLength={TEXT_LIMITS.roleName}
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={submitted ? errors.name : undefined}
        />
        <Textarea
          label="Description"
          readOnly={readOnly !== null}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={TEXT_LIMITS.textarea}
          value={draft.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          description={readOnly ? undefined : `${draft.description.length} / ${TEXT_LIMITS.textarea}`}
          error={submitted ? errors.description : undefined}
        />
        <PermissionPicker value={draft.permissions} held={actor.permissions} onChange={(next) => set('permissions', next)} disabled={readOnly !== null} />
        <ScopePicker
          allInstances={draft.allInstances}
          instances={draft.instances}
          onAllInstances={(next) => set('allInstances', next)}
          onInstances={(next) => set('instances', next)}
          disabled={readOnly !== null}
          canListInstances={actor.permissions.includes('VIEW_INSTANCES') || actor.permissions.includes('EDIT_INSTANCES')}
          error={submitted ? errors.instances : undefined}
        />
        {reason && (
          <Alert color="red" variant="light" role="alert">
            {reason}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={saving}>
              {role ? 'Update' : 'Save'}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
