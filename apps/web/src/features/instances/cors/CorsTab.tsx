import { useState } from 'react';
import { ActionIcon, Alert, Button, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { CORS_ANNOTATIONS, CORS_MESSAGES, corsOriginsProblem, normalizedOrigins, type InstanceConfig } from '@replay/contracts';
import { LoadError } from '../../../components/list/LoadError';
import { withServerReason } from '../../../components/list/status-text';
import { Spinner } from '../../../components/Spinner';
import { SettingTitle } from '../details/SettingTitle';
import { useInstanceConfig, useSaveCors } from './hooks';
import { FieldForm } from './FieldForm';
import { OriginTester } from './OriginTester';

interface Props {
  instanceId: string;
  /** The member may change the instance (EDIT_INSTANCES); others see the list and may test origins. */
  canEdit: boolean;
  /** The origin check asks the instance itself, so only a running one can answer. */
  running: boolean;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((o, i) => o === b[i]);

/** The CORS tab: which sites' trackers may send recordings to the instance, and a check of any origin. */
export function CorsTab({ instanceId, canEdit, running }: Props) {
  const config = useInstanceConfig(instanceId);
  if (config.isError && !config.data) {
    return <LoadError message={withServerReason('The CORS configuration could not be loaded.', config.error)} onRetry={() => void config.refetch()} />;
  }
  if (!config.data) return <Spinner label="Loading the CORS configuration" />;
  return (
    <Stack gap="xl">
      {/* Keyed by the saved list, so a save (or another member's, read again) starts the draft afresh. */}
      <OriginsEditor key={config.data.corsOrigins.join(' ')} instanceId={instanceId} config={config.data} canEdit={canEdit} />
      <FixedRules config={config.data} />
      <OriginTester instanceId={instanceId} running={running} />
    </Stack>
  );
}

function OriginsEditor({ instanceId, config, canEdit }: { instanceId: string; config: InstanceConfig; canEdit: boolean }) {
  const [origins, setOrigins] = useState<string[]>(config.corsOrigins);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const save = useSaveCors(instanceId);
  const changed = !same(origins, config.corsOrigins);
  // A list saved before the origin rule was strict may hold one it now refuses: say which, since a save needs it gone.
  const savedProblem = canEdit ? corsOriginsProblem(config.corsOrigins) : null;

  const add = () => {
    const next = [...origins, typed];
    const problem = corsOriginsProblem(next);
    if (problem) {
      setTypedError(problem);
      return;
    }
    setOrigins(normalizedOrigins(next));
    setTyped('');
    setTypedError(null);
  };

  return (
    <Stack gap="sm">
      <SettingTitle title="Allowed origins" pending={config.pending} pendingText={CORS_MESSAGES.pending} />
      <Text size="sm" c="dimmed">
        Trackers on these sites may send recordings to this instance; the browser refuses the others. With none listed, any site may (its tracker still needs the project key).
      </Text>
      {savedProblem && (
        <Alert color="yellow" variant="light" title="Remove an origin saved earlier">
          {savedProblem} It was saved before origins were checked this strictly. Remove it, then save.
        </Alert>
      )}
      {origins.length === 0 ? (
        <Text size="sm">Any origin</Text>
      ) : (
        <List spacing={4} listStyleType="none" aria-label="Allowed origins">
          {origins.map((origin) => (
            <List.Item key={origin}>
              <Group gap="xs" wrap="nowrap">
                <Code>{origin}</Code>
                {canEdit && (
                  <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${origin}`} onClick={() => setOrigins(origins.filter((o) => o !== origin))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {canEdit && (
        <>
          <FieldForm
            label="Origin"
            placeholder="https://app.example.com"
            value={typed}
            onChange={(value) => {
              setTyped(value);
              setTypedError(null);
            }}
            error={typedError}
            action="Add"
            onSubmit={add}
          />
          <Group gap="sm">
            <Button disabled={!changed} loading={save.isPending} onClick={() => save.mutate({ current: config, origins })}>
              Save
            </Button>
            {changed && (
              <Button variant="subtle" color="gray" onClick={() => setOrigins(config.corsOrigins)} disabled={save.isPending}>
                Discard changes
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}

/** The product's part of the CORS rules (spec section 9), as the instance applies them. */
function FixedRules({ config }: { config: InstanceConfig }) {
  const rule = (label: string, annotation: string) => (
    <Text size="sm">
      {label}: <Code>{config.ingressAnnotations[annotation] ?? '—'}</Code>
    </Text>
  );
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        Rules for every origin
      </Title>
      {rule('Allowed method', CORS_ANNOTATIONS.allowMethods)}
      {rule('Allowed request headers', CORS_ANNOTATIONS.allowHeaders)}
      {rule('Exposed response headers', CORS_ANNOTATIONS.exposeHeaders)}
    </Stack>
  );
}
