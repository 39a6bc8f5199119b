import { Badge, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { HOURLY_DIGITS, INSTANCE_MESSAGES, INSTANCE_SIZES, SIZES, TRIAL_DAYS, priceFor, formatMoney, type InstanceSize, type Provider } from '@replay/contracts';
import { sizeResources } from '../../../features/instances/format';

interface Props {
  value: InstanceSize;
  onChange: (size: InstanceSize) => void;
  provider: Provider;
  region: string | null;
  /** 'Free Trial Eligible' shows on small (a trial account with no instance yet). */
  freeTrialEligible: boolean;
}

/** The three sizes as cards (arrow keys move between them): resources, hourly price in the chosen region, and the trial note on small. */
export function CapacityPicker({ value, onChange, provider, region, freeTrialEligible }: Props) {
  return (
    <Radio.Group label="Capacity" value={value} onChange={(v) => onChange(v as InstanceSize)} name="capacity">
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
        {INSTANCE_SIZES.map((size) => {
          const spec = SIZES[size];
          const price = region ? priceFor(provider, region, size) : null;
          return (
            <Radio.Card
              key={size}
              value={size}
              // One tab stop for the group, on the chosen size; the arrow keys move between the sizes.
              tabIndex={size === value ? 0 : -1}
              p="md"
              radius="md"
              style={{ display: 'flex', alignItems: 'flex-start' }}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <Stack gap={4}>
                  <Group gap={6}>
                    <Text fw={600}>{spec.label}</Text>
                    <Text size="xs" c="dimmed">
                      {spec.code}
                    </Text>
                  </Group>
                  <Text size="sm">{sizeResources(size).join(' · ')}</Text>
                  {price && (
                    <Text size="sm" c="dimmed">
                      {formatMoney(price.hourlyPrice, HOURLY_DIGITS)} per hour
                    </Text>
                  )}
                  {size === 'small' && (
                    <Group gap={6}>
                      <Text size="xs" c="teal">
                        free {TRIAL_DAYS} day trial
                      </Text>
                      {freeTrialEligible && (
                        <Badge size="xs" color="teal" variant="light">
                          {INSTANCE_MESSAGES.freeTrialEligible}
                        </Badge>
                      )}
                    </Group>
                  )}
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
