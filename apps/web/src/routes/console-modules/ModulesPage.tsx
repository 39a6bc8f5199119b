import { Stack, Text } from '@mantine/core';
import { PageTitle } from '../../components/PageTitle';
import { ModulesList } from '../../features/console-modules/ModulesList';
import { useConsoleTitle } from '../../lib/use-document-title';

/**
 * /client/modules: the account's optional modules. A module switched off is hidden from the
 * whole team (its menu entries, links and checklist; its screens say it is off); its data and
 * settings stay, so switching it on again brings everything back.
 */
export default function ModulesPage() {
  useConsoleTitle('Modules');
  return (
    <>
      <PageTitle title="Modules" />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose which parts of the console your team uses. A module switched off is hidden for everyone in the account; nothing it holds is removed.
        </Text>
        <ModulesList />
      </Stack>
    </>
  );
}
