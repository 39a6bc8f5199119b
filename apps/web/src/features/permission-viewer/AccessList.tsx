import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { ACCESS_REASON_TEXT, auditLabelOf, endpoints, type EndpointName, type SubjectAccess } from '@replay/contracts';
import { PERMISSION_LABELS } from '../roles/permission-labels';

type Decision = SubjectAccess['permissions'][number] | SubjectAccess['actions'][number];

/** Why: the reason's words, and for a missing permission which would open it. */
export function reasonText(decision: Pick<Decision, 'reason' | 'needsAnyOf'>): string {
  if (decision.reason !== 'missing_permission') return ACCESS_REASON_TEXT[decision.reason];
  return `${ACCESS_REASON_TEXT.missing_permission} Needs: ${decision.needsAnyOf.map((p) => PERMISSION_LABELS[p]).join(' or ')}.`;
}

/** A call's name as the audit trail shows it (its label, else method and path). */
const actionLabel = (action: string): string => {
  const definition = endpoints[action as EndpointName];
  return definition ? auditLabelOf(definition) : action;
};

function Row({ label, decision }: { label: string; decision: Decision }) {
  return (
    <List.Item>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={decision.allowed ? 'green' : 'red'} variant="light" miw={72}>
          {decision.allowed ? 'Allowed' : 'Denied'}
        </Badge>
        <Stack gap={0}>
          <Text size="sm">{label}</Text>
          {!decision.allowed && (
            <Text size="xs" c="dimmed">
              {reasonText(decision)}
            </Text>
          )}
        </Stack>
      </Group>
    </List.Item>
  );
}

/** The viewer's answer: each permission, then each call about the instance, allowed or denied with the reason. */
export function AccessList({ access }: { access: SubjectAccess }) {
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Permissions on this instance
        </Title>
        <List listStyleType="none" spacing="xs" aria-label="Permissions on this instance">
          {access.permissions.map((p) => (
            <Row key={p.permission} label={PERMISSION_LABELS[p.permission]} decision={p} />
          ))}
        </List>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Actions on this instance
        </Title>
        <List listStyleType="none" spacing="xs" aria-label="Actions on this instance">
          {access.actions.map((a) => (
            <Row key={a.action} label={actionLabel(a.action)} decision={a} />
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
