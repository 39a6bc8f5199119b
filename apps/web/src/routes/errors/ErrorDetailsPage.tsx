import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { canOpenScreen, routes } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { useSiteError } from '../../features/js-errors/api';
import { SourceMapUpload } from '../../features/js-errors/SourceMapUpload';
import { StackTrace } from '../../features/js-errors/StackTrace';
import { useConsoleTitle } from '../../lib/use-document-title';
import { useSite } from '../../features/projects/SiteScope';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** /{siteId}/errors/{errorId}: one error group, its latest occurrence's stack trace, and the source map upload. */
export default function ErrorDetailsPage() {
  useConsoleTitle('Error');
  const { errorId = '' } = useParams();
  const site = useSite();
  const { siteId } = site;
  const account = useAccount();
  const query = useSiteError(site, errorId);
  const back = (
    <Button component={Link} to={routes.errors(siteId)} variant="default">
      All errors
    </Button>
  );
  if (query.isError && !query.data) {
    return (
      <>
        <PageTitle title="Error" actions={back} />
        <LoadError message={withServerReason('The error could not be loaded.', query.error)} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!query.data) return <Spinner label="Loading the error" />;
  const detail = query.data;
  const top = detail.frames[0];
  return (
    <>
      <PageTitle title={`${detail.error.name}: ${detail.error.message}`} actions={back} />
      <Stack gap="lg">
        <Group gap="xl">
          <Text size="sm">Occurrences: {detail.error.count}</Text>
          <Text size="sm">Sessions: {detail.error.sessions}</Text>
          <Text size="sm">Last seen: {when.format(new Date(detail.error.lastSeen))}</Text>
          {detail.release && <Text size="sm">Release: {detail.release}</Text>}
          {detail.url && <Text size="sm">Page: {detail.url}</Text>}
        </Group>
        <StackTrace detail={detail} />
        {canOpenScreen(account.permissions, 'instancesEdit') && top && (
          <Paper withBorder radius="md" p="md">
            <SourceMapUpload site={site} errorId={errorId} release={detail.release} fileUrl={top.file} />
          </Paper>
        )}
      </Stack>
    </>
  );
}
