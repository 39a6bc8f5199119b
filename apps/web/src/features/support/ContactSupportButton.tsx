import { Button } from '@mantine/core';
import IconMessageCircle from '@tabler/icons-react/dist/esm/icons/IconMessageCircle.mjs';
import { Icon } from '../../components/Icon';
import { useOpenSupport } from './support-opener';

interface Props {
  instanceId: string;
  instanceName: string;
}

/** An instance page's way to the support chat: a new conversation about this instance. */
export function ContactSupportButton({ instanceId, instanceName }: Props) {
  const openSupport = useOpenSupport();
  if (!openSupport) return null;
  return (
    <Button variant="light" size="xs" leftSection={<Icon icon={IconMessageCircle} />} onClick={() => openSupport({ instanceId, instanceName })}>
      Contact support
    </Button>
  );
}
