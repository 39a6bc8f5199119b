import { Anchor, Code, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ASSIST_PACKAGE, TRACKER_PACKAGE, compatibilityOf, routes, trackerSnippets, type Instance } from '@replay/contracts';
import { IfModule } from '../console-modules/ModuleOff';
import { CopyButton } from '../../components/CopyButton';

/** One block of code with its copy button (which names what it copies); `id` marks the block for tests. */
function Snippet({ code, label, id }: { code: string; label: string; id: string }) {
  return (
    <Stack gap={4}>
      {/* Focusable: on a phone the code scrolls sideways in its box, and a keyboard scrolls only what has the focus. */}
      <Code block data-testid={`snippet-${id}`} tabIndex={0}>
        {code}
      </Code>
      <div>
        <CopyButton value={code} label={label} />
      </div>
    </Stack>
  );
}

/** Which tracker and Assist plugin to install with an instance's version (the compatibility table's row). */
export function compatibilityText({ name, version }: Pick<Instance, 'name' | 'version'>): string {
  const row = compatibilityOf(version);
  return `${name} runs v${version}: use ${TRACKER_PACKAGE} ${row.tracker} and, for Assist, ${ASSIST_PACKAGE} ${row.assist}.`;
}

export const NO_PROJECT_KEY = 'Only an admin of the account can see its project key: ask one to install the tracker, or for the key.';
export const NO_INSTANCE_URL = 'The instance has no address yet: wait until it runs, then come back.';

function snippetsOf(instance: Instance, projectKey: string | null) {
  if (!instance.instanceUrl || !projectKey) return null;
  return trackerSnippets({ instanceUrl: instance.instanceUrl, projectKey, trackerVersion: compatibilityOf(instance.version).tracker });
}

/** Install: the tracker from npm, or with a script tag, sending to this instance with the project's key (null: not shown to this member). */
export function InstallingStep({ instance, projectKey }: { instance: Instance; projectKey: string | null }) {
  const snippets = snippetsOf(instance, projectKey);
  return (
    <Stack gap="md">
      <Text>Add the tracker to your site so that {instance.name} records its sessions. The step is done once the instance has received a recording.</Text>
      <Text size="sm" data-testid="tracker-compatibility">
        {compatibilityText(instance)}
      </Text>
      {!instance.instanceUrl ? (
        <Text>{NO_INSTANCE_URL}</Text>
      ) : !snippets ? (
        <Text>{NO_PROJECT_KEY}</Text>
      ) : (
        <>
          <Title order={3} size="h5">
            With npm
          </Title>
          <Snippet id="install" code={snippets.install} label="Copy the install command" />
          <Snippet id="npm" code={snippets.npm} label="Copy the npm code" />
          <Title order={3} size="h5">
            With a script tag
          </Title>
          <Snippet id="script" code={snippets.script} label="Copy the script tag" />
        </>
      )}
    </Stack>
  );
}

/** Identify Users: name the user of a session. */
export function IdentifyUsersStep() {
  return (
    <Stack gap="md">
      <Text>Tell the tracker who is using your site, so that you can find a user's sessions. The step is done once a recording carried a user id.</Text>
      <Snippet id="identify" code={trackerSnippets({ instanceUrl: '', projectKey: '', trackerVersion: '' }).identify} label="Copy the setUserID call" />
    </Stack>
  );
}

/** Invite Team Members: the Team screen. */
export function TeamStep() {
  return (
    <Stack gap="md">
      <Text>Invite your colleagues to watch sessions with you. The step is done once one of them has joined.</Text>
      <Anchor component={Link} to={routes.members()}>
        Invite team members
      </Anchor>
    </Stack>
  );
}

/** Integrations: webhooks. */
export function IntegrationsStep() {
  return (
    <Stack gap="md">
      <Text>Send the console's events to your own tools. The step is done once the account has a webhook.</Text>
      <IfModule module="webhooks">
        <Anchor component={Link} to={routes.client('webhooks')}>
          Add a webhook
        </Anchor>
      </IfModule>
    </Stack>
  );
}
