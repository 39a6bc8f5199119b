import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Code, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { ACCESS_LIST_MESSAGES, accessListBodySchema, type AccessEntry, type AccessList } from '@replay/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SettingTitle } from '../details/SettingTitle';
import { coversAddress } from './coverage';
import { useSaveAccessList } from './hooks';

interface Props {
  instanceId: string;
  list: AccessList;
  canEdit: boolean;
}

const same = (a: readonly AccessEntry[], b: readonly AccessEntry[]) => a.length === b.length && a.every((e, i) => e.address === b[i]!.address && e.comment === b[i]!.comment);

/** The list as a draft: entries added and removed here, saved at once (the workflow applies it). */
export function AccessListEditor({ instanceId, list, canEdit }: Props) {
  const [entries, setEntries] = useState<AccessEntry[]>(list.entries);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveAccessList(instanceId);
  const changed = !same(entries, list.entries);
  const you = list.yourAddress;
  const locksYouOut =
    you !== null &&
    entries.length > 0 &&
    !coversAddress(
      entries.map((e) => e.address),
      you,
    );

  const doSave = () => save.mutate(entries, { onSettled: () => setConfirming(false) });

  return (
    <Stack gap="sm">
      <SettingTitle title="Allowed addresses" pending={list.pending} pendingText={ACCESS_LIST_MESSAGES.pending} />
      <Text size="sm" c="dimmed">
        Only these client addresses and ranges (IPv4 or IPv6) reach the instance: its screens, its sign-in and the recordings its tracker sends. The others are refused. The console’s health checks and
        configuration always reach it.
      </Text>
      {entries.length === 0 ? (
        <Text size="sm">{ACCESS_LIST_MESSAGES.open}</Text>
      ) : (
        <EntriesTable entries={entries} onRemove={canEdit ? (entry) => setEntries(entries.filter((e) => e !== entry)) : null} />
      )}
      {canEdit && (
        <>
          <AddEntryForm you={you} entries={entries} onAdd={setEntries} />
          <Group gap="sm">
            <Button disabled={!changed} loading={save.isPending} onClick={() => (locksYouOut ? setConfirming(true) : doSave())}>
              Save
            </Button>
            {changed && (
              <Button variant="subtle" color="gray" onClick={() => setEntries(list.entries)} disabled={save.isPending}>
                Discard changes
              </Button>
            )}
          </Group>
          <ConfirmDialog opened={confirming} title="Save without your address?" confirmLabel="Save anyway" danger loading={save.isPending} onConfirm={doSave} onCancel={() => setConfirming(false)}>
            {ACCESS_LIST_MESSAGES.lockOut(you ?? '')}
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}

/** The entries as a table; a remove button on each when the member may edit. */
function EntriesTable({ entries, onRemove }: { entries: AccessEntry[]; onRemove: ((entry: AccessEntry) => void) | null }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label="Allowed addresses">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Address or range</Table.Th>
            <Table.Th>Comment</Table.Th>
            {onRemove && <Table.Th aria-label="Remove" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.address}>
              <Table.Td>
                <Code>{entry.address}</Code>
              </Table.Td>
              <Table.Td>{entry.comment || '—'}</Table.Td>
              {onRemove && (
                <Table.Td>
                  <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${entry.address}`} onClick={() => onRemove(entry)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An address or range and its comment, checked by the contracts' rule against the draft, then added; or the member's own address. */
function AddEntryForm({ you, entries, onAdd }: { you: string | null; entries: AccessEntry[]; onAdd: (entries: AccessEntry[]) => void }) {
  const [address, setAddress] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = (entry: { address: string; comment: string }) => {
    const parsed = accessListBodySchema.safeParse({ entries: [...entries, entry] });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    onAdd(parsed.data.entries);
    setAddress('');
    setComment('');
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add({ address, comment });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add an address">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Address or range"
          placeholder="203.0.113.0/24"
          value={address}
          onChange={(e) => {
            setAddress(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          w={{ base: '100%', xs: 240 }}
        />
        <TextInput label="Comment" placeholder="Office" value={comment} onChange={(e) => setComment(e.currentTarget.value)} w={{ base: '100%', xs: 200 }} />
        <Button type="submit" variant="light" mt={{ base: 0, xs: 25 }}>
          Add
        </Button>
        {you && !entries.some((e) => e.address === you) && (
          <Button variant="subtle" mt={{ base: 0, xs: 25 }} onClick={() => add({ address: you, comment: 'My address' })}>
            Add my address ({you})
          </Button>
        )}
      </Group>
    </form>
  );
}
