import { Badge, Loader, Tooltip, VisuallyHidden } from '@mantine/core';
import { usePublicConfig } from '../../config/api';
import type { BadgeModel, BadgeTone } from '../rules';

const COLORS: Record<BadgeTone, string> = { success: 'green', warning: 'yellow', error: 'red', progress: 'blue', neutral: 'gray' };

interface Props {
  badge: BadgeModel;
  /** Where the instance's name resolves, for the network-issue explanation. */
  resolvedIps?: string[];
}

function tooltipText(badge: BadgeModel, supportEmail: string | undefined, ips: string[]): string | null {
  if (badge.reason === 'failed') {
    return `This instance is not working as it should. Please contact support${supportEmail ? ` at ${supportEmail}` : ''}.`;
  }
  if (badge.reason === 'network') {
    const where = ips.length ? ` Its address resolves to ${ips.join(', ')}.` : '';
    return `The instance is healthy, but this browser cannot reach it directly: check your network, VPN or firewall.${where}`;
  }
  return null;
}

/** An instance's status (spec section 4): a spinner while it changes, green when healthy, yellow for a network issue, red when failed. */
export function StatusBadge({ badge, resolvedIps = [] }: Props) {
  const { data: config } = usePublicConfig();
  const tip = tooltipText(badge, config?.supportEmail, resolvedIps);
  const node = (
    <Badge
      color={COLORS[badge.tone]}
      variant="light"
      leftSection={badge.tone === 'progress' ? <Loader size={10} color="blue" aria-hidden /> : undefined}
      // Focusable only when it has something to explain, so keyboard users reach the tooltip.
      tabIndex={tip ? 0 : undefined}
      data-tone={badge.tone}
    >
      {badge.label}
      {/* What the colour says (a network issue, a failure), in words for screen readers: text, not an aria-label, which a plain element may not carry. */}
      {tip && <VisuallyHidden>: {tip}</VisuallyHidden>}
    </Badge>
  );
  return tip ? (
    // Opens on keyboard focus too (Mantine's default is hover only): that is why the badge is a tab stop.
    <Tooltip label={tip} multiline w={280}>
      {node}
    </Tooltip>
  ) : (
    node
  );
}
