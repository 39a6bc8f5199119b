import { Badge } from '@mantine/core';
import type { AlertRule } from '@replay/contracts';

/** Firing, OK or Off at a glance. */
export function AlertStateBadge({ rule }: { rule: Pick<AlertRule, 'state' | 'enabled'> }) {
  if (!rule.enabled)
    return (
      <Badge variant="light" color="gray">
        Off
      </Badge>
    );
  return rule.state === 'firing' ? (
    <Badge variant="filled" color="red">
      Firing
    </Badge>
  ) : (
    <Badge variant="light" color="green">
      OK
    </Badge>
  );
}
