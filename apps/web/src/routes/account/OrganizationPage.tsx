import { Badge, Code, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { TEXT_LIMITS, isEnterprise, isTrialAccount } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { CopyButton } from '../../components/CopyButton';
import { InlineEdit } from '../../components/InlineEdit';
import { useUpdateAccount } from '../../features/account/api';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format-date';
import { notifyError, notifySuccess } from '../../lib/notify';
import { KeyValue } from './KeyValue';
import { Section } from './Section';
import { MfaPolicySwitch } from '../../features/mfa/MfaPolicySwitch';

/** /account/organization: the organization's name (editable in place), id, plan and limits. */
export default function OrganizationPage() {
  const account = useAccount();
  const update = useUpdateAccount();
  const rename = (tenantName: string) =>
    update.mutate(
      { name: account.name, tenantName },
      {
        onSuccess: () => notifySuccess('Organization renamed.'),
        onError: (error) => notifyError(errorMessage(error, 'Failed to rename the organization.')),
      },
    );
  const { teamMember, sites } = account.limits;
  return (
    <Section title="Organization" description="The organization this account belongs to. Double click its name to rename it.">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <KeyValue label="Name">
            <InlineEdit value={account.tenantName} label="Organization name" maxLength={TEXT_LIMITS.organization} onSave={rename} disabled={update.isPending} />
          </KeyValue>
          <KeyValue label="Organization id">
            <Code>{account.tenantId}</Code>
            <CopyButton value={account.tenantId} label="organization id" />
          </KeyValue>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <KeyValue label="Edition">
              <Badge variant="light">{isEnterprise(account) ? 'Enterprise' : 'Community'}</Badge>
            </KeyValue>
            <KeyValue label="Plan">
              <Badge variant="light" color={isTrialAccount(account) ? 'yellow' : 'teal'}>
                {isTrialAccount(account) ? 'Free Trial' : 'Paid'}
              </Badge>
            </KeyValue>
            <KeyValue label="Member since">
              <Text size="sm">{formatDate(account.createdAt)}</Text>
            </KeyValue>
            <KeyValue label="Team member seats">
              <Text size="sm">
                {teamMember.remaining} of {teamMember.limit} left
              </Text>
            </KeyValue>
            <KeyValue label="Projects">
              <Text size="sm">
                {sites.remaining} of {sites.limit} left
              </Text>
            </KeyValue>
          </SimpleGrid>
          <MfaPolicySwitch />
        </Stack>
      </Paper>
    </Section>
  );
}
