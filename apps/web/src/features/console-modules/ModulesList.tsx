import { useState } from 'react';
import { Alert, Card, Group, Stack, Switch } from '@mantine/core';
import { CONSOLE_MODULES, MODULE_MESSAGES, isModuleOn, type ConsoleModuleKey } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { useToggleModule } from './api';

export const MODULE_TOGGLE_FAILED = 'The module could not be switched.';

/**
 * The account's optional modules, each with a switch: on shows the module to the whole team.
 * The switch moves at once (the session's account takes the toggle); while the call is under
 * way every switch waits, so two toggles never cross, and a refusal puts it back and says why.
 * Only an admin may switch; others see the same list, read-only, and why.
 */
export function ModulesList() {
  const account = useAccount();
  const toggle = useToggleModule();
  const [failure, setFailure] = useState<string | null>(null);
  const mayToggle = account.admin || account.superAdmin;

  const onToggle = (key: ConsoleModuleKey) => {
    setFailure(null);
    toggle.mutate(key, { onError: (error) => setFailure(errorMessage(error, MODULE_TOGGLE_FAILED)) });
  };

  return (
    <Stack gap="md">
      {!mayToggle && (
        <Alert color="blue" variant="light">
          {MODULE_MESSAGES.adminOnly}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {CONSOLE_MODULES.map((m) => {
        const switching = toggle.isPending && toggle.variables === m.key;
        return (
          <Card key={m.key} withBorder padding="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Switch
                label={m.label}
                description={m.description}
                checked={isModuleOn(account.settings, m.key)}
                disabled={!mayToggle || toggle.isPending}
                onChange={() => onToggle(m.key)}
                aria-busy={switching || undefined}
              />
              {switching && <Spinner label={`Switching ${m.label}`} size="sm" />}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
