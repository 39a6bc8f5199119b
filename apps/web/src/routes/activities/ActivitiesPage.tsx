import IconActivity from '@tabler/icons-react/dist/esm/icons/IconActivity.mjs';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { useConsoleTitle } from '../../lib/use-document-title';

/** The console's activity log; nothing has been recorded for this account yet. */
export default function ActivitiesPage() {
  useConsoleTitle('Console Activity');
  return (
    <>
      <PageTitle title="Console Activity" />
      <EmptyState
        icon={<IconActivity size={32} />}
        title="No activity yet"
        description="Instances created, started or stopped, members invited and settings changed in this console are listed here, newest first."
      />
    </>
  );
}
