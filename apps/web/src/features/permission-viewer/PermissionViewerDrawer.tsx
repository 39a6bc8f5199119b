import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { Drawer } from '../../components/Drawer';
import { DRAWER_WIDTHS } from '@replay/contracts';
import { ListStates } from '../../components/list/ListStates';
import { AccessList } from './AccessList';
import { useSubjectAccess, type AccessSubject } from './api';
import { InstancePicker } from './InstancePicker';

export const PICK_AN_INSTANCE = 'Choose an instance to see what is allowed there, and why.';

interface Props {
  subject: AccessSubject;
  /** The member's or key's name, for the title. */
  name: string;
  onClose: () => void;
}

/** What one member (or key) may do on a chosen instance: the guard's own answer, with the reasons. */
export function PermissionViewerDrawer({ subject, name, onClose }: Props) {
  const [instanceId, setInstanceId] = useState<string | null>(null);
  const access = useSubjectAccess(subject, instanceId);
  return (
    <Drawer opened onClose={onClose} position="right" size={DRAWER_WIDTHS.upgrade} title={`Permissions of ${name}`}>
      <Stack gap="md">
        <InstancePicker value={instanceId} onChange={setInstanceId} />
        {instanceId === null ? (
          <Text size="sm" c="dimmed">
            {PICK_AN_INSTANCE}
          </Text>
        ) : (
          <ListStates
            query={access}
            loading={{ label: 'Loading permissions', rows: 6, height: 28 }}
            errorPrefix="Error fetching permissions"
            isEmpty={(data) => data.actions.length === 0 && data.permissions.length === 0}
            empty={<Text size="sm">Nothing to show for this instance.</Text>}
          >
            {(data) => <AccessList access={data} />}
          </ListStates>
        )}
      </Stack>
    </Drawer>
  );
}
