import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Drawer } from '../../../components/Drawer';
import { DRAWER_WIDTHS, SIZES, SWITCH_MESSAGES, formatMoney, mayPayForUpgrade, routes, switchCostsMore, switchOptions, switchRefusal, type Instance, type InstanceSize } from '@replay/contracts';
import { useAccount } from '../../../app/session/SessionProvider';
import { useReturnFocus } from '../../../components/dialog-focus';
import { useSwitchInstance } from './switch';
import { SwitchTypeOptions, formatDifference } from './SwitchTypeOptions';

interface Props {
  instance: Instance;
  opened: boolean;
  onClose: () => void;
}

const figures = (size: InstanceSize) => `${SIZES[size].label} (${SIZES[size].vcpu} vCPU, ${SIZES[size].memoryGb} GB RAM)`;

/**
 * Actions → Switch Instance (spec sections 2 and 4): the three types with
 * their figures and monthly prices in the instance's region, the difference
 * to today's price, then a confirmation before anything changes. The button
 * stays disabled, with the reason beside it, whenever the server would refuse
 * (`switchRefusal`, the contracts' words of `canSwitchInstance`); a dearer type
 * on an account that cannot pay for it leads to billing setup instead.
 */
export function SwitchInstanceDrawer({ instance, opened, onClose }: Props) {
  const account = useAccount();
  const switcher = useSwitchInstance(instance.instanceId);
  const [chosen, setChosen] = useState<InstanceSize>(instance.size);
  const [confirming, setConfirming] = useState(false);
  // Opened from a menu item that goes away with its menu: focus goes back to the Actions button, as the dialogs' does.
  useReturnFocus(opened);

  const close = () => {
    setChosen(instance.size);
    setConfirming(false);
    onClose();
  };
  const options = switchOptions(instance.provider, instance.region, instance.size);
  const target = options.find((o) => o.size === chosen)!;
  const today = options.find((o) => o.current)!;
  const refusal = switchRefusal(instance);
  const needsBilling = switchCostsMore(instance.size, chosen) && !mayPayForUpgrade(account);
  const changed = chosen !== instance.size;

  const confirm = () =>
    switcher.mutate(chosen, {
      onSuccess: close,
      onError: () => setConfirming(false),
    });

  return (
    <Drawer opened={opened} onClose={close} position="right" size={DRAWER_WIDTHS.upgrade} title="Switch Instance" trapFocus returnFocus={false}>
      {confirming ? (
        <SwitchConfirmation instance={instance} chosen={chosen} today={today} target={target} pending={switcher.isPending} onBack={() => setConfirming(false)} onConfirm={confirm} />
      ) : (
        <Stack gap="md">
          <Text size="sm">
            {instance.name} runs as {figures(instance.size)} for {formatMoney(today.monthly)} per month. Choose the type it should run as.
          </Text>
          {refusal && (
            <Alert color="yellow" variant="light" title="The instance type cannot change now">
              {refusal}
            </Alert>
          )}
          <SwitchTypeOptions options={options} value={chosen} onChange={setChosen} />
          <Text size="xs" c="dimmed">
            A type&apos;s disk is what a new instance of it starts with. This instance keeps its {instance.diskSize} GB disk, priced on its own ({formatMoney(instance.storagePrice.monthly)} per
            month); Manage Disk changes it.
          </Text>
          {changed && (
            <Text size="sm" aria-live="polite">
              {SIZES[chosen].label}: {formatMoney(target.monthly)} per month, {formatDifference(target.difference)} per month compared with today&apos;s {formatMoney(today.monthly)}.
            </Text>
          )}
          {needsBilling && !refusal && <Text size="sm">{SWITCH_MESSAGES.billingRequired}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            {needsBilling && !refusal ? (
              <Button component={Link} to={routes.billing()}>
                Set up billing
              </Button>
            ) : (
              <Button onClick={() => setConfirming(true)} disabled={refusal !== null || !changed}>
                {changed ? `Switch to ${SIZES[chosen].label}` : 'Choose another type'}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}

type SwitchOption = ReturnType<typeof switchOptions>[number];

/** The step before anything changes: from what to what, the monthly prices, and the restart it costs. */
function SwitchConfirmation(props: { instance: Instance; chosen: InstanceSize; today: SwitchOption; target: SwitchOption; pending: boolean; onBack: () => void; onConfirm: () => void }) {
  const { instance, chosen, today, target, pending, onBack, onConfirm } = props;
  return (
    <Stack gap="md">
      <Text fw={600}>
        Switch {instance.name} to {SIZES[chosen].label}?
      </Text>
      <Text size="sm">
        From {figures(instance.size)} to {figures(chosen)}. The monthly price goes from {formatMoney(today.monthly)} to {formatMoney(target.monthly)} ({formatDifference(target.difference)} per month).
      </Text>
      <Text size="sm" c="dimmed">
        The instance restarts with the new type&apos;s limits: it does not answer for a few seconds, then runs as {SIZES[chosen].label}.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button onClick={onConfirm} loading={pending} data-autofocus>
          Confirm switch
        </Button>
      </Group>
    </Stack>
  );
}
