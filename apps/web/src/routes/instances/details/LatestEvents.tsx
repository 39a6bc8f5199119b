import { useRef } from 'react';
import { List, Stack, Text, Title } from '@mantine/core';
import { INSTANCE_ACTIVITY_LABELS, type InstanceActivity } from '@replay/contracts';
import { formatDateTime } from '../../../lib/format-date';

export const LATEST_EVENTS_TITLE = 'Latest events';
export const NO_LATEST_EVENTS = 'Nothing has happened to this instance yet.';

/**
 * The instance's newest events as its details carry them (spec section 3: latestEvents, the five
 * newest), at a glance above the tabs; the Events tab pages through all of them. An action's
 * answer (an instance without its events) may stand in the details until they are read again:
 * the events last read stay shown meanwhile.
 */
export function LatestEvents({ events }: { events: readonly InstanceActivity[] | undefined }) {
  const lastRead = useRef(events);
  if (events) lastRead.current = events;
  const shown = lastRead.current;
  if (!shown) return null;
  return (
    <Stack gap={4} mb="md" component="section" aria-labelledby="latest-events-title">
      <Title order={2} size="h5" id="latest-events-title">
        {LATEST_EVENTS_TITLE}
      </Title>
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          {NO_LATEST_EVENTS}
        </Text>
      ) : (
        <List size="sm" listStyleType="none" spacing={2}>
          {shown.map((e) => (
            <List.Item key={e.activityId}>
              <Text span size="sm" c="dimmed" title={new Date(e.createdAt).toISOString()}>
                {formatDateTime(e.createdAt)}
              </Text>{' '}
              <Text span size="sm">
                {INSTANCE_ACTIVITY_LABELS[e.action]}
                {e.comments ? `: ${e.comments}` : ''}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
