import { Anchor, Badge, Code, Group, Stack, Text } from '@mantine/core';
import IconExternalLink from '@tabler/icons-react/dist/esm/icons/IconExternalLink.mjs';
import { INSTANCE_MESSAGES, TEXT_LIMITS, type Instance } from '@replay/contracts';
import { CopyButton } from '../../../components/CopyButton';
import { InlineEdit } from '../../../components/InlineEdit';
import { StatusBadge } from '../../../features/instances/list/StatusBadge';
import { useUpdateInstance } from '../../../features/instances/mutations';
import { openInstance } from '../../../features/instances/list/open-instance';
import type { BadgeModel, HealthResult } from '../../../features/instances/rules';
import { ActionsMenu } from './ActionsMenu';
import { ContactSupportButton } from '../../../features/support/ContactSupportButton';
import { ScheduledUpgrade } from '../../../features/instances/version/ScheduledUpgrade';
import { UpgradeNow } from '../../../features/instances/version/UpgradeNow';
import { Icon } from '../../../components/Icon';

interface Props {
  instance: Instance;
  badge: BadgeModel;
  health: HealthResult | undefined;
  canEdit: boolean;
  showMenu: boolean;
}

/** Editable name and status; id (with copy), version and the instance's own address; the Actions menu. */
export function InstanceHeader({ instance, badge, health, canEdit, showMenu }: Props) {
  const rename = useUpdateInstance(instance.instanceId);
  const terminated = instance.status === 'terminated';
  const reachable = instance.status === 'running' && instance.instanceUrl !== null;

  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="md">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <InlineEdit value={instance.name} label="Instance name" maxLength={TEXT_LIMITS.inlineName} disabled={!canEdit || terminated || rename.isPending} onSave={(name) => rename.mutate({ name })} />
          <StatusBadge badge={badge} resolvedIps={health?.resolvedIps} />
          {instance.checkingHealth && (
            // The console's own health round (every 30 s) is asking the instance right now.
            <Text size="sm" c="dimmed" role="status">
              Checking health…
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge variant="outline" color="gray" radius="sm" tt="none" title="Instance id">
            <Code bg="transparent">{instance.instanceId}</Code>
          </Badge>
          <CopyButton value={instance.instanceId} label="instance id" />
          <Badge variant="light" color="grape" radius="sm" tt="none" aria-label={`Version ${instance.version}`}>
            v{instance.version}
          </Badge>
          <UpgradeNow instance={instance} canEdit={canEdit} />
          <ScheduledUpgrade instance={instance} canEdit={canEdit} />
          {reachable ? (
            <Anchor
              href={instance.instanceUrl ?? undefined}
              size="sm"
              onClick={(e) => {
                // The address alone would show a login screen: open it through a one-time token instead.
                e.preventDefault();
                void openInstance(instance.instanceId, INSTANCE_MESSAGES.noAccess);
              }}
            >
              <Group gap={4} wrap="nowrap" component="span">
                {instance.instanceUrl}
                <Icon icon={IconExternalLink} aria-label="opens in a new tab" />
              </Group>
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {terminated ? 'No longer reachable' : 'Reachable once the instance is running'}
            </Text>
          )}
        </Group>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <ContactSupportButton instanceId={instance.instanceId} instanceName={instance.name} />
        {canEdit && showMenu && <ActionsMenu instance={instance} />}
      </Group>
    </Group>
  );
}
