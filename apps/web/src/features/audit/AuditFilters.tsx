import { Group, Select, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { AUDIT_DEFAULT_PERIOD_MS, auditActionLabels } from '@replay/contracts';
import { useMemberChoices } from '../members/api';
import { PERIOD_PRESETS, isPeriodPreset, toLocalInput } from './period';
import type { AuditParams } from './use-audit-params';

export const AUDIT_SEARCH_PLACEHOLDER = 'Filter by user, action or endpoint';

interface Props {
  params: AuditParams;
  /** Members can be listed (VIEW_MEMBERS or EDIT_MEMBERS): the User select is offered. */
  canListMembers: boolean;
  /** Why the custom period cannot be used yet, if so. */
  periodError: string | null;
}

/** Period (presets or custom start and end), user, action and free text. */
export function AuditFilters({ params, canListMembers, periodError }: Props) {
  const members = useMemberChoices(canListMembers);
  const { choice, setFilters } = params;
  const custom = choice.preset === 'custom';
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <Select
        label="Period"
        data={PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
        value={choice.preset}
        allowDeselect={false}
        onChange={(value) => {
          if (!isPeriodPreset(value)) return;
          // Custom starts from the default week, so both bounds are filled in and can be adjusted.
          if (value === 'custom' && !choice.from && !choice.to) {
            const now = Date.now();
            setFilters({ period: value, from: toLocalInput(now - AUDIT_DEFAULT_PERIOD_MS), to: toLocalInput(now) });
          } else setFilters({ period: value });
        }}
        w={180}
      />
      {custom && (
        <>
          <TextInput label="From" type="datetime-local" value={choice.from} onChange={(e) => setFilters({ from: e.currentTarget.value })} error={periodError ?? undefined} w={210} />
          <TextInput label="To" type="datetime-local" value={choice.to} onChange={(e) => setFilters({ to: e.currentTarget.value })} w={210} />
        </>
      )}
      {canListMembers && (
        <Select
          label="User"
          placeholder="Any user"
          data={(members.data?.users ?? []).map((m) => ({ value: m.userId, label: `${m.name} (${m.email})` }))}
          value={params.userId}
          onChange={(value) => setFilters({ user: value })}
          searchable
          clearable
          nothingFoundMessage="No such member"
          w={260}
        />
      )}
      <Select
        label="Action"
        placeholder="Any action"
        data={auditActionLabels()}
        value={params.action}
        onChange={(value) => setFilters({ action: value })}
        searchable
        clearable
        nothingFoundMessage="No such action"
        w={240}
      />
      <TextInput
        label="Search"
        placeholder={AUDIT_SEARCH_PLACEHOLDER}
        leftSection={<IconSearch size={16} />}
        value={params.text}
        onChange={(e) => params.setText(e.currentTarget.value)}
        type="search"
        w={280}
      />
    </Group>
  );
}
