import { useState } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { MAINTENANCE_DAYS, MAINTENANCE_FREQUENCIES, MERIDIEMS, maintenanceCron, type MaintenanceFields, type MaintenanceFrequency, type MaintenanceWindow, type Meridiem } from '@replay/contracts';
import { LoadError } from '../../../components/list/LoadError';
import { withServerReason } from '../../../components/list/status-text';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/format-date';
import { useMaintenanceWindow, useSaveMaintenanceWindow } from './hooks';
import { useNextOpening } from './next-window';

interface Props {
  instanceId: string;
  canEdit: boolean;
}

const FREQUENCY_LABELS: Record<MaintenanceFrequency, string> = { daily: 'Every day', weekly: 'Every week', monthly: 'Every month (its first such day)' };
const options = <T extends string | number>(values: readonly T[], label: (v: T) => string) => values.map((v) => ({ value: String(v), label: label(v) }));
const HOURS = Array.from({ length: 12 }, (_, i) => i + 1);
const MINUTES = [0, 15, 30, 45];

/** The Maintenance & Backups tab's window: day, frequency, hour and meridiem (spec section 3), in UTC, and when it next opens here. */
export function MaintenanceWindowSection({ instanceId, canEdit }: Props) {
  const window = useMaintenanceWindow(instanceId);
  if (window.isError && !window.data) {
    return <LoadError message={withServerReason('The maintenance window could not be loaded.', window.error)} onRetry={() => void window.refetch()} />;
  }
  if (!window.data) return <Spinner label="Loading the maintenance window" />;
  return <WindowForm key={window.data.cron} instanceId={instanceId} window={window.data} canEdit={canEdit} />;
}

function WindowForm({ instanceId, window, canEdit }: { instanceId: string; window: MaintenanceWindow; canEdit: boolean }) {
  const [fields, setFields] = useState<MaintenanceFields>(window);
  const save = useSaveMaintenanceWindow(instanceId);
  const cron = maintenanceCron(fields);
  const unsaved = cron !== window.cron;
  // The form's window, saved or not: the server says when the saved one opens, the preview when the changed one would.
  const preview = useNextOpening(cron, unsaved);
  const next = unsaved ? preview : window.nextWindowAt;
  const set = (change: Partial<MaintenanceFields>) => setFields((f) => ({ ...f, ...change }));
  const readOnly = !canEdit;

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Maintenance window
      </Title>
      <Text size="sm" c="dimmed">
        Upgrades you ask to wait for it run then. Times are in UTC.
      </Text>
      <Group gap="sm" align="flex-end">
        <Select
          label="Frequency"
          data={options(MAINTENANCE_FREQUENCIES, (f) => FREQUENCY_LABELS[f])}
          value={fields.frequency}
          onChange={(v) => v && set({ frequency: v as MaintenanceFrequency })}
          allowDeselect={false}
          readOnly={readOnly}
          w={240}
        />
        {fields.frequency !== 'daily' && (
          <Select
            label="Day"
            data={MAINTENANCE_DAYS.map((d, i) => ({ value: String(i), label: d }))}
            value={String(fields.day)}
            onChange={(v) => v && set({ day: Number(v) })}
            allowDeselect={false}
            readOnly={readOnly}
            w={150}
          />
        )}
        <Select label="Hour" data={options(HOURS, String)} value={String(fields.hour)} onChange={(v) => v && set({ hour: Number(v) })} allowDeselect={false} readOnly={readOnly} w={90} />
        <Select
          label="Minute"
          data={options(
            [...new Set([...MINUTES, fields.minute])].sort((a, b) => a - b),
            (m) => String(m).padStart(2, '0'),
          )}
          value={String(fields.minute)}
          onChange={(v) => v && set({ minute: Number(v) })}
          allowDeselect={false}
          readOnly={readOnly}
          w={90}
        />
        <Select label="AM/PM" data={options(MERIDIEMS, String)} value={fields.meridiem} onChange={(v) => v && set({ meridiem: v as Meridiem })} allowDeselect={false} readOnly={readOnly} w={90} />
      </Group>
      <Text size="sm" role="status">
        {unsaved ? 'Next window once saved' : 'Next window'}: {next === undefined ? '…' : next === null ? '—' : `${formatDateTime(next)} (your time)`}
      </Text>
      {canEdit && (
        <Group>
          <Button disabled={!unsaved} loading={save.isPending} onClick={() => save.mutate(cron)}>
            Save window
          </Button>
        </Group>
      )}
    </Stack>
  );
}
