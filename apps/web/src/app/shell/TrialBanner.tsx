import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { canOpenScreen, routes } from '@replay/contracts';
import { useAccount } from '../session/SessionProvider';
import { trialBannerText } from './trial';

/** Days left in the free trial (or that it ended), with a way to billing for those who may see it. */
export function TrialBanner() {
  const account = useAccount();
  const text = trialBannerText(account);
  if (!text) return null;
  const ended = account.remainingTrial <= 0;
  return (
    <Group gap="xs" wrap="nowrap" role="status">
      {/* On a phone the sentence says it all; the badge would be squeezed to "T…". */}
      <Badge color={ended ? 'red' : 'yellow'} variant="light" visibleFrom="xs" style={{ flexShrink: 0 }}>
        Trial
      </Badge>
      <Text size="sm">{text}</Text>
      {canOpenScreen(account.permissions, 'billing') && !account.hasBillingDetails && (
        <Anchor component={Link} to={routes.billing()} size="sm">
          Add billing details
        </Anchor>
      )}
    </Group>
  );
}
