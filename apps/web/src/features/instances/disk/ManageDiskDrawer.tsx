import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Divider, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { Drawer } from '../../../components/Drawer';
import '@mantine/core/styles/NumberInput.css';
import {
  DISK_MAX_GB,
  DISK_MESSAGES,
  DISK_STEP_GB,
  DRAWER_WIDTHS,
  canOpenScreen,
  diskUpgradeProblem,
  diskUpgradeQuote,
  formatMoney,
  formatUnitPrice,
  mayPayForUpgrade,
  routes,
  type Instance,
} from '@replay/contracts';
import { useAccount } from '../../../app/session/SessionProvider';
import { useReturnFocus } from '../../../components/dialog-focus';
import { Spinner } from '../../../components/Spinner';
import { useDiskUpgrade } from './hooks';
import { CleanupSection } from './CleanupSection';

export const MANAGE_DISK = 'Manage Disk';
export const INCREASE_DISK = 'Increase disk size';
export const NEW_SIZE_LABEL = 'New disk size (GB)';
export const SET_UP_BILLING = 'Set up billing';
export const STORAGE_IN_PROGRESS = 'The disk size is being increased. This page updates when it is done.';

interface Props {
  instance: Instance;
  opened: boolean;
  onClose: () => void;
}

/** '+$12.96 per month' / '-…' : what the change adds to today's monthly disk cost. */
const signed = (micros: number) => `${micros >= 0 ? '+' : '-'}${formatMoney(Math.abs(micros))}`;

/**
 * Manage Disk (spec sections 2, 5 and 9): the current size, a new size from
 * it up to 4096 GB in steps of 10, and the price before anything changes
 * (the contracts' quote: new GB × the region's unit price × 24 × 30, and the
 * difference to today). Increase is enabled only for a larger size while
 * `canUpdateStorage`; a free account is sent to billing setup instead.
 * Below it, the cleanup of old recordings.
 */
export function ManageDiskDrawer({ instance, opened, onClose }: Props) {
  useReturnFocus(opened);
  const account = useAccount();
  const current = instance.diskSize;
  const [size, setSize] = useState<number>(current);
  // A grown disk is the new floor: the field follows the size the instance now has.
  useEffect(() => setSize((s) => Math.max(s, current)), [current]);
  const upgrade = useDiskUpgrade(instance.instanceId);

  const problem = size === current ? null : diskUpgradeProblem(current, size);
  const quote = diskUpgradeQuote(instance.provider, instance.region, current, problem ? current : size);
  const mayPay = mayPayForUpgrade(account);
  const busy = instance.storageInProgress || upgrade.isPending;
  const canIncrease = size > current && problem === null && instance.canUpdateStorage && !busy;

  return (
    <Drawer opened={opened} onClose={onClose} title={MANAGE_DISK} position="right" size={DRAWER_WIDTHS.upgrade} returnFocus={false}>
      <Stack gap="lg">
        <Stack gap="sm" component="section" aria-labelledby="disk-size-heading">
          <Title order={3} size="h5" id="disk-size-heading">
            Disk size
          </Title>
          <Text size="sm">
            Current size: <strong>{current} GB</strong>
          </Text>
          {instance.storageInProgress && (
            <Alert color="blue" variant="light">
              <Group gap="xs" wrap="nowrap">
                <Spinner label="Increasing the disk size" size="xs" />
                <Text size="sm">{STORAGE_IN_PROGRESS}</Text>
              </Group>
            </Alert>
          )}
          {!instance.storageInProgress && !instance.canUpdateStorage && instance.status !== 'terminated' && (
            <Text size="sm" c="dimmed">
              {DISK_MESSAGES.storageBusy}
            </Text>
          )}
          <NumberInput
            label={NEW_SIZE_LABEL}
            description={`From ${current} GB up to ${DISK_MAX_GB} GB, in steps of ${DISK_STEP_GB} GB. The disk only grows.`}
            value={size}
            onChange={(v) => setSize(typeof v === 'number' ? v : Number(v) || current)}
            min={current}
            max={DISK_MAX_GB}
            step={DISK_STEP_GB}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="blur"
            error={problem}
            disabled={busy}
          />
          <DiskCostTable current={current} size={problem ? current : size} quote={quote} />
          {mayPay ? (
            <Group justify="flex-end">
              <Button onClick={() => upgrade.mutate(size)} disabled={!canIncrease} loading={upgrade.isPending}>
                {INCREASE_DISK}
              </Button>
            </Group>
          ) : (
            <BillingNeeded mayOpenBilling={canOpenScreen(account.permissions, 'billing')} />
          )}
        </Stack>
        <Divider />
        <CleanupSection instance={instance} active={opened} />
      </Stack>
    </Drawer>
  );
}

/** Today's monthly disk cost, the new size's, and the difference (also per hour). */
function DiskCostTable({ current, size, quote }: { current: number; size: number; quote: ReturnType<typeof diskUpgradeQuote> }) {
  return (
    <>
      <Table withRowBorders={false} verticalSpacing={4} aria-label="Monthly disk cost">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              Today ({current} GB)
            </Table.Th>
            <Table.Td ta="right">{formatMoney(quote.currentMonthly)} per month</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              New size ({size} GB)
            </Table.Th>
            <Table.Td ta="right" fw={600}>
              {formatMoney(quote.monthly)} per month
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              Difference
            </Table.Th>
            <Table.Td ta="right">
              {signed(quote.difference)} per month ({quote.hourlyDifference >= 0 ? '+' : '-'}
              {formatUnitPrice(Math.abs(quote.hourlyDifference), 'USD')} per hour)
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Monthly disk cost = size in GB × the region’s price per GB-hour × 24 × 30.
      </Text>
    </>
  );
}

/** A free account grows no disk: the way to billing, or whom to ask. */
function BillingNeeded({ mayOpenBilling }: { mayOpenBilling: boolean }) {
  return (
    <Alert color="yellow" variant="light" title={DISK_MESSAGES.billingRequired}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">A free account cannot grow its disk. Billing setup takes payment details; the disk can grow right after.</Text>
        {mayOpenBilling ? (
          <Button component={Link} to={routes.billing()} variant="light" size="xs">
            {SET_UP_BILLING}
          </Button>
        ) : (
          <Text size="sm">Ask an administrator of your organization to add payment details.</Text>
        )}
      </Stack>
    </Alert>
  );
}
