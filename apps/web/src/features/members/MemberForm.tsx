import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { MEMBER_MESSAGES, TEXT_LIMITS, type Account, type MemberInput, type Role, type TeamMember } from '@replay/contracts';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useInviteMember, useUpdateMember } from './api';
import { checkDraft, draftOf, roleLockReason, roleOptions, type MemberDraft } from './member-form';
import { NoRoleToGive } from './NoRoleToGive';

export interface MemberFormProps {
  /** null: a new invitation; else the member being edited, as just read from the server. */
  member: TeamMember | null;
  roles: readonly Role[];
  rolesLoading: boolean;
  /** The roles could not be read (the page says so): the list is not known to be empty. */
  rolesFailed: boolean;
  actor: Account;
  onClose: () => void;
  /** Told while a save is under way, so the dialog does not close under it. */
  onBusy: (busy: boolean) => void;
}

type Field = keyof MemberDraft;

/** The invitation or the update, with its toast; the dialog closes once it is saved. */
function useSaveMember(member: TeamMember | null, onClose: () => void, onBusy: (busy: boolean) => void) {
  const invite = useInviteMember();
  const update = useUpdateMember();
  const saving = invite.isPending || update.isPending;
  useEffect(() => onBusy(saving), [saving, onBusy]);
  const save = (input: MemberInput) => {
    if (saving) return;
    const done = (message: string) => {
      notifySuccess(message);
      onClose();
    };
    const failed = (error: unknown) => notifyError(errorMessage(error, MEMBER_MESSAGES.saveFailed));
    if (member) {
      update.mutate({ userId: member.userId, input }, { onSuccess: () => done(MEMBER_MESSAGES.userUpdated), onError: failed });
    } else {
      invite.mutate(input, { onSuccess: () => done(MEMBER_MESSAGES.invitationSent), onError: failed });
    }
  };
  return { saving, save };
}

/** Invite a team member, or edit one (the email is then read-only). Mount it per member: the draft starts from it. */
export function MemberForm({ member, roles, rolesLoading, rolesFailed, actor, onClose, onBusy }: MemberFormProps) {
  const [draft, setDraft] = useState<MemberDraft>(() => draftOf(member));
  // Errors show for a field once it was left, or after a submit attempt: not while the first letter is typed.
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const { saving, save } = useSaveMember(member, onClose, onBusy);
  const { input, errors } = checkDraft(draft);
  const lock = roleLockReason(member, actor);
  const options = roleOptions(roles, actor, member);
  const nothingToGive = member === null && !rolesLoading && !rolesFailed && !options.some((o) => !o.disabled);
  const actorIsAdmin = actor.admin || actor.superAdmin;
  const errorOf = (field: Field) => (touched[field] ? errors[field] : undefined);
  const set = <K extends Field>(field: K, value: MemberDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));
  const leave = (field: Field) => setTouched((t) => ({ ...t, [field]: true }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, email: true, roleId: true });
    if (input) save(input);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          data-autofocus
          maxLength={TEXT_LIMITS.name}
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          onBlur={() => leave('name')}
          error={errorOf('name')}
        />
        <TextInput
          label="Email"
          type="email"
          required
          maxLength={TEXT_LIMITS.memberEmail}
          value={draft.email}
          readOnly={member !== null}
          variant={member ? 'filled' : 'default'}
          description={member ? 'The email address cannot be changed once the member exists.' : undefined}
          onChange={(e) => set('email', e.currentTarget.value)}
          onBlur={() => leave('email')}
          error={errorOf('email')}
        />
        {nothingToGive && <NoRoleToGive actor={actor} />}
        <Select
          label="Role"
          required
          placeholder={rolesLoading ? 'Loading roles…' : rolesFailed ? 'The roles could not be loaded' : 'Select a role'}
          data={options}
          value={draft.roleId}
          onChange={(value) => {
            set('roleId', value);
            leave('roleId');
          }}
          onBlur={() => leave('roleId')}
          disabled={lock !== null}
          description={lock ?? undefined}
          error={errorOf('roleId')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {actorIsAdmin && (
          <Switch label="Admin" description="Admins may give admin rights to other members." checked={draft.admin} disabled={lock !== null} onChange={(e) => set('admin', e.currentTarget.checked)} />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={!input} loading={saving}>
            {member ? 'Update' : 'Invite'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
