import type { ReactNode } from 'react';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { HOURLY_DIGITS, HOURS_PER_MONTH, SIZES, findRegion, priceFor, formatMoney, type InstanceSize, type Provider } from '@replay/contracts';
import { providerLabel, sizeResources } from '../../../features/instances/format';

interface Props {
  size: InstanceSize;
  provider: Provider;
  region: string | null;
  children?: ReactNode;
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}

/** What the form will create and what it costs: the catalogue's price for the size in the chosen region, a month being 720 hours. */
export function OverviewPanel({ size, provider, region, children }: Props) {
  const spec = SIZES[size];
  const place = region ? findRegion(provider, region) : undefined;
  const price = place ? priceFor(provider, place.code, size) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overview-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="overview-title">
          Overview
        </Title>
        <Line label="Capacity" value={`${spec.label} (${spec.code})`} />
        <Line label="Resources" value={sizeResources(size).join(', ')} />
        <Line label="Cloud Provider" value={providerLabel(provider)} />
        <Line label="Region" value={place?.label ?? 'Choose a region'} />
        <Divider my={4} />
        {price ? (
          <>
            <Line label="Hourly" value={formatMoney(price.hourlyPrice, HOURLY_DIGITS)} />
            <Line label="Monthly" value={formatMoney(price.monthlyPrice)} />
            <Text size="xs" c="dimmed">
              A month is billed as {HOURS_PER_MONTH} hours.
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            The price shows once a region is chosen.
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
