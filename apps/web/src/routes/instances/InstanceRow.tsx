import { ActionIcon, Anchor, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import IconExternalLink from '@tabler/icons-react/dist/esm/icons/IconExternalLink.mjs';
import { INSTANCE_MESSAGES, routes, type Instance } from '@replay/contracts';
import { StatusBadge } from '../../features/instances/list/StatusBadge';
import { capacityLabel, providerLabel } from '../../features/instances/format';
import { useInstanceHealth } from '../../features/instances/list/health';
import { openInstance } from '../../features/instances/list/open-instance';
import { badgeFor } from '../../features/instances/rules';
import { formatDateTime } from '../../lib/format-date';
import { Icon } from '../../components/Icon';

/**
 * One instance in the list. Its health is checked from this browser while
 * it runs; a running, healthy row opens the details on a click anywhere and
 * offers to open the instance itself in a new tab.
 */
export function InstanceRow({ instance }: { instance: Instance }) {
  const navigate = useNavigate();
  const health = useInstanceHealth(instance, 'list');
  const badge = badgeFor(instance, health, Date.now());
  const details = routes.instance(instance.instanceId);
  const clickable = badge.healthyRunning;

  return (
    <Table.Tr onClick={clickable ? () => void navigate(details) : undefined} style={clickable ? { cursor: 'pointer' } : undefined} data-clickable={clickable || undefined}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {/* Every row keeps a link: a stopped or failed instance still needs its details to be started or ended. */}
          <Anchor component={Link} to={details} fw={500} size="sm" onClick={(e) => e.stopPropagation()}>
            {instance.name}
          </Anchor>
          {clickable && (
            <Tooltip label="Open instance in a new tab">
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={`Open ${instance.name} in a new tab`}
                onClick={(e) => {
                  e.stopPropagation();
                  void openInstance(instance.instanceId, INSTANCE_MESSAGES.inaccessibleFromList);
                }}
              >
                <Icon icon={IconExternalLink} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {/* On a phone the Capacity and Region columns are left out (InstancesTable): said here instead. */}
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {capacityLabel(instance.size)} · {instance.regionLabel}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{capacityLabel(instance.size)}</Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Stack gap={0}>
          <Text size="sm">{instance.regionLabel}</Text>
          <Text size="xs" c="dimmed">
            {providerLabel(instance.provider)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" title={new Date(instance.updatedAt).toISOString()}>
          {formatDateTime(instance.updatedAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge badge={badge} resolvedIps={health?.resolvedIps} />
      </Table.Td>
    </Table.Tr>
  );
}
