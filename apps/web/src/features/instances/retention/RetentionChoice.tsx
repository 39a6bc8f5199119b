import { Group, Radio } from '@mantine/core';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { RETENTION_DAY_OPTIONS, retentionLabel, type RetentionDays } from '@replay/contracts';

/** A retention as a radio value ('unlimited' or the days), and back. */
export const retentionValue = (days: number | null) => (days === null ? 'unlimited' : String(days));
export const retentionDaysOf = (value: string): RetentionDays => (value === 'unlimited' ? null : (Number(value) as RetentionDays));

/** The spec's retentions (Unlimited, 90, 30, 20, 7 days) as one radio group: an instance's, or every instance's. */
export function RetentionChoice({ value, onChange, canEdit }: { value: string; onChange: (value: string) => void; canEdit: boolean }) {
  return (
    <Radio.Group value={value} onChange={onChange} label="Keep recordings for" readOnly={!canEdit}>
      <Group gap="md" mt="xs">
        {RETENTION_DAY_OPTIONS.map((days) => (
          <Radio key={retentionValue(days)} value={retentionValue(days)} label={retentionLabel(days)} disabled={!canEdit} />
        ))}
      </Group>
    </Radio.Group>
  );
}
