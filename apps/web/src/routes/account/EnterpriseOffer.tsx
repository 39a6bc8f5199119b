import { Anchor, Divider, List, Paper, Stack, Text } from '@mantine/core';
import { isEnterprise } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { usePublicConfig } from '../../features/config/api';
import { Section } from './Section';

/** What the enterprise edition adds, in the order customers ask for it (docs/decisions/web.md, 'the enterprise block'). */
export const ENTERPRISE_FEATURES = [
  'Single sign-on (SAML) enforced for every member of the console',
  'Audit trail export for your compliance reviews',
  'Recordings kept for up to a year',
  'Priority support with a one-business-day response',
] as const;

/**
 * The profile page's extra block for accounts that are not enterprise (spec
 * section 2): what the enterprise edition adds and how to ask for it. An
 * enterprise account (edition 'ee' or a paid plan) has it all, so sees nothing.
 */
export function EnterpriseOffer() {
  const account = useAccount();
  const { data: config } = usePublicConfig();
  if (isEnterprise(account)) return null;
  const subject = encodeURIComponent(`Enterprise edition for ${account.tenantName}`);
  return (
    <>
      <Divider />
      <Section title="Enterprise Edition" description="Your organization uses the Community edition.">
        <Paper withBorder radius="md" p="lg" maw={560}>
          <Stack gap="sm">
            <Text size="sm">The Enterprise edition adds:</Text>
            <List size="sm" spacing={4}>
              {ENTERPRISE_FEATURES.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
            {config && (
              <Text size="sm">
                <Anchor href={`mailto:${config.supportEmail}?subject=${subject}`}>Contact us about Enterprise</Anchor> and we will set it up for your organization.
              </Text>
            )}
          </Stack>
        </Paper>
      </Section>
    </>
  );
}
