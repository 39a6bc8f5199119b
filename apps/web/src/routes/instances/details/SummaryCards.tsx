import { Card, SimpleGrid, Text } from '@mantine/core';
import { HOURLY_DIGITS, formatMoney, type Instance } from '@replay/contracts';
import { capacityLabel, providerLabel } from '../../../features/instances/format';
import { formatDateTime } from '../../../lib/format-date';

function Summary({ title, value, hint }: { title: string; value: string; hint?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      <Text fw={600} mt={4}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/**
 * What the instance record itself tells (the spec's maintenance, backup, SSO
 * and usage cards need calls of later issues, so they are not shown yet).
 */
export function SummaryCards({ instance }: { instance: Instance }) {
  const { pricingDetails, storagePrice } = instance;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="lg">
      <Summary title="Capacity" value={capacityLabel(instance.size)} />
      <Summary title="Region" value={instance.regionLabel} hint={providerLabel(instance.provider)} />
      <Summary title="Disk" value={`${instance.diskSize} GB`} hint={`${formatMoney(storagePrice.monthly)} per month for storage`} />
      <Summary
        title="Price"
        value={`${formatMoney(pricingDetails.monthlyPrice)} per month`}
        hint={`${formatMoney(pricingDetails.hourlyPrice, HOURLY_DIGITS)} per hour · created ${formatDateTime(instance.createdAt)}`}
      />
    </SimpleGrid>
  );
}
