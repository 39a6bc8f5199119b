import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { HOURLY_DIGITS, formatMoney, type InstanceSize, type SwitchOption } from '@replay/contracts';

/** '+$200.16' / '-$100.08' / 'no change': what a type adds to today's monthly price (hourly prices show their third decimal). */
export function formatDifference(micros: number, digits: 2 | 3 = 2): string {
  if (micros === 0) return 'no change';
  return `${micros > 0 ? '+' : ''}${formatMoney(micros, digits)}`;
}

interface Props {
  options: SwitchOption[];
  value: InstanceSize;
  onChange: (size: InstanceSize) => void;
}

/** The three types as cards (arrow keys move between them): vCPU, memory, disk, the monthly price, and the current one marked. */
export function SwitchTypeOptions({ options, value, onChange }: Props) {
  return (
    <Radio.Group label="Instance type" value={value} onChange={(v) => onChange(v as InstanceSize)} name="instance-type">
      <Stack gap="xs" mt="xs">
        {options.map((o) => (
          <Radio.Card
            key={o.size}
            value={o.size}
            // One tab stop for the group, on the chosen type; the arrow keys move between the types.
            tabIndex={o.size === value ? 0 : -1}
            p="sm"
            radius="md"
            aria-label={`${o.label}${o.current ? ' (current)' : ''}: ${o.vcpu} vCPU, ${o.memoryGb} GB RAM, ${o.diskGb} GB Disk, ${formatMoney(o.monthly)} per month`}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <Stack gap={2} style={{ flex: 1 }}>
                <Group gap={6} justify="space-between">
                  <Group gap={6}>
                    <Text fw={600}>{o.label}</Text>
                    {o.current && (
                      <Badge size="xs" variant="light" color="blue">
                        Current
                      </Badge>
                    )}
                  </Group>
                  <Text fw={600} size="sm">
                    {formatMoney(o.monthly)} per month
                  </Text>
                </Group>
                <Text size="sm">
                  {o.vcpu} vCPU · {o.memoryGb} GB RAM · {o.diskGb} GB Disk
                </Text>
                {!o.current && (
                  <Text size="xs" c="dimmed">
                    {formatDifference(o.difference)} per month ({formatDifference(o.hourlyDifference, HOURLY_DIGITS)} per hour) compared with today
                  </Text>
                )}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
