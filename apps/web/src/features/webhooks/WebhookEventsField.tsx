import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import type { DomainEventType, WebhookEventFamily } from '@replay/contracts';

interface Props {
  /** The families and types the caller may subscribe to, for the chosen webhook type. */
  groups: readonly { family: WebhookEventFamily; types: DomainEventType[] }[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** The events a webhook receives: a group per family, each with Select all. */
export function WebhookEventsField({ groups, value, onChange, error }: Props) {
  return (
    <Checkbox.Group label="Events" required value={value} onChange={onChange} error={error}>
      <Stack gap="sm" mt="xs">
        {groups.map(({ family, types }) => (
          <Stack key={family.key} gap={4}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {family.label}
              </Text>
              <Button variant="subtle" size="compact-xs" onClick={() => onChange([...new Set([...value, ...types])])} aria-label={`Select all ${family.label} events`}>
                Select all
              </Button>
            </Group>
            <Group gap="xs">
              {types.map((type) => (
                <Checkbox key={type} value={type} label={type} size="xs" />
              ))}
            </Group>
          </Stack>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
