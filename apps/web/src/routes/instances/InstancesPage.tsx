import IconServer from '@tabler/icons-react/dist/esm/icons/IconServer.mjs';
import { hasAnyPermission } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { usePublicConfig } from '../../features/config/api';
import { useConsoleTitle } from '../../lib/use-document-title';

export const NO_INSTANCES = 'Currently, there are no instances available.';

/** The instances list; the account has none yet, so its empty state. */
export default function InstancesPage() {
  useConsoleTitle('Instances');
  const account = useAccount();
  const { data: config, isPending } = usePublicConfig();
  const canCreate = hasAnyPermission(account.permissions, ['EDIT_INSTANCES']);
  return (
    <>
      <PageTitle title="Instances" />
      {isPending ? (
        <PageLoader />
      ) : canCreate ? (
        <EmptyState
          icon={<IconServer size={32} />}
          title="Welcome!"
          description={config ? `Let's create your dedicated ${config.productName} instance.` : "Let's create your dedicated instance."}
        />
      ) : (
        <EmptyState icon={<IconServer size={32} />} title={NO_INSTANCES} />
      )}
    </>
  );
}
