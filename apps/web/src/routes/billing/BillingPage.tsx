import { Badge, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { isTrialAccount } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { trialBannerText } from '../../app/shell/trial';
import { PageTitle } from '../../components/PageTitle';
import { formatDate } from '../../lib/format-date';
import { useConsoleTitle } from '../../lib/use-document-title';

/** Billing: the plan and trial of this account, and whether a payment method is on file. */
export default function BillingPage() {
  useConsoleTitle('Billing');
  const account = useAccount();
  const trial = isTrialAccount(account);
  return (
    <>
      <PageTitle title="Billing" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            Plan
          </Text>
          <Title order={2} size="h3" mt={4}>
            {trial ? 'Free Trial' : 'Paid'}
          </Title>
          {trial && (
            <Text size="sm" mt="xs">
              {trialBannerText(account)}
            </Text>
          )}
        </Card>
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            {account.remainingTrial > 0 ? 'Trial ends on' : 'Trial ended on'}
          </Text>
          <Title order={2} size="h3" mt={4}>
            {formatDate(account.trialEndsAt)}
          </Title>
        </Card>
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            Credit Card
          </Text>
          <Badge mt="xs" color={account.hasBillingDetails ? 'teal' : 'gray'} variant="light">
            {account.hasBillingDetails ? 'On file' : 'No payment method'}
          </Badge>
        </Card>
      </SimpleGrid>
    </>
  );
}
