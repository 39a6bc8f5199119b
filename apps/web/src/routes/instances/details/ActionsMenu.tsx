import { useState } from 'react';
import { Badge, Button, Menu } from '@mantine/core';
import IconArrowsExchange from '@tabler/icons-react/dist/esm/icons/IconArrowsExchange.mjs';
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
import IconDatabase from '@tabler/icons-react/dist/esm/icons/IconDatabase.mjs';
import IconPlayerPlay from '@tabler/icons-react/dist/esm/icons/IconPlayerPlay.mjs';
import IconPlayerStop from '@tabler/icons-react/dist/esm/icons/IconPlayerStop.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { allowedActions, type Instance, type InstanceAction } from '@replay/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useInstanceAction, useUpdateInstance } from '../../../features/instances/mutations';
import { ManageDiskDrawer, MANAGE_DISK } from '../../../features/instances/disk/ManageDiskDrawer';
import { SwitchInstanceDrawer } from '../../../features/instances/switch/SwitchInstanceDrawer';
import { TerminateDialog } from './TerminateDialog';
import { Icon } from '../../../components/Icon';

export const STOP_CONFIRMATION =
  'Stopped instances are still charged for storage: compute charges stop while it is stopped, but its disk and data are kept and billed until the instance is terminated.';

const ITEMS: Record<InstanceAction, { label: string; icon: typeof IconTrash; color?: string }> = {
  start: { label: 'Start', icon: IconPlayerPlay },
  stop: { label: 'Stop', icon: IconPlayerStop },
  // Menu.Item paints a theme colour's shade 6 (3.3:1 on white); the theme's readable red is named instead.
  terminate: { label: 'Terminate', icon: IconTrash, color: 'var(--mantine-color-red-text)' },
};

/**
 * The Actions menu: the actions the status allows (contracts' allowedActions),
 * stop after a confirmation about storage charges, terminate after TERMINATE
 * is typed, Switch Instance and Manage Disk (their drawers), and the Termination Protection switch.
 */
export function ActionsMenu({ instance }: { instance: Instance }) {
  const act = useInstanceAction(instance.instanceId);
  const update = useUpdateInstance(instance.instanceId);
  const [dialog, setDialog] = useState<'stop' | 'terminate' | 'switch' | 'disk' | null>(null);

  const choose = (action: InstanceAction) => {
    if (action === 'start') act.mutate({ action });
    else setDialog(action);
  };

  return (
    <>
      {/*
        Closing, the menu gives focus back to its button, unless the chosen item opened a dialog:
        that focus would land behind the dialog, outside it. The dialog gives it back when it closes.
      */}
      <Menu position="bottom-end" withinPortal returnFocus={dialog === null}>
        <Menu.Target>
          <Button variant="default" rightSection={<Icon icon={IconChevronDown} />}>
            Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {allowedActions(instance.status).map((action) => {
            const { label, icon: Icon, color } = ITEMS[action];
            return (
              <Menu.Item key={action} color={color} leftSection={<Icon size={14} />} onClick={() => choose(action)}>
                {label}
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          {/* The spec's order: Switch Instance, Manage Disk, Termination Protection. */}
          <Menu.Item leftSection={<Icon icon={IconArrowsExchange} />} onClick={() => setDialog('switch')}>
            Switch Instance
          </Menu.Item>
          {instance.status !== 'terminated' && (
            <Menu.Item leftSection={<Icon icon={IconDatabase} />} onClick={() => setDialog('disk')}>
              {MANAGE_DISK}
            </Menu.Item>
          )}
          <Menu.Item
            // Menu.Item always says role="menuitem"; this one is a checkbox, and says whether it is on.
            renderRoot={(props) => <button type="button" {...props} role="menuitemcheckbox" aria-checked={instance.isProtected} />}
            closeMenuOnClick={false}
            disabled={update.isPending}
            onClick={() => update.mutate({ isProtected: !instance.isProtected })}
            // The state is shown, not a second control: a switch (a checkbox input) inside a menu item is a control
            // inside a control, which assistive technology can still reach. aria-checked says it to them.
            rightSection={
              <Badge size="xs" variant="light" color={instance.isProtected ? 'blue' : 'gray'} aria-hidden>
                {instance.isProtected ? 'On' : 'Off'}
              </Badge>
            }
          >
            Termination Protection
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={dialog === 'stop'}
        title="Stop instance"
        confirmLabel="Stop"
        onConfirm={() => {
          setDialog(null);
          act.mutate({ action: 'stop' });
        }}
        onCancel={() => setDialog(null)}
      >
        {STOP_CONFIRMATION}
      </ConfirmDialog>
      <ManageDiskDrawer instance={instance} opened={dialog === 'disk'} onClose={() => setDialog(null)} />
      <TerminateDialog
        opened={dialog === 'terminate'}
        name={instance.name}
        isProtected={instance.isProtected}
        onConfirm={(typed) => {
          setDialog(null);
          act.mutate({ action: 'terminate', confirm: typed });
        }}
        onCancel={() => setDialog(null)}
      />
      <SwitchInstanceDrawer instance={instance} opened={dialog === 'switch'} onClose={() => setDialog(null)} />
    </>
  );
}
