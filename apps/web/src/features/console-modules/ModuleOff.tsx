import type { ReactNode } from 'react';
import { Anchor, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import IconPuzzleOff from '@tabler/icons-react/dist/esm/icons/IconPuzzleOff.mjs';
import { MODULE_MESSAGES, consoleModule, routes, type ConsoleModuleKey } from '@replay/contracts';
import { useModuleOn } from './use-module';

export const MODULE_OFF_TITLE = 'Module switched off';

/**
 * What a switched-off module's screen shows instead (the 'Not allowed' panel's shape): why,
 * and where it is switched on again (the link underlined, since it sits in a sentence: WCAG's
 * link-in-text-block). A panel rather than a redirect, so a bookmark or a notification's link
 * says what happened instead of landing somewhere else unexplained.
 */
export function ModuleOff({ module }: { module: ConsoleModuleKey }) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconPuzzleOff size={28} />
        </ThemeIcon>
        <Title order={2}>{MODULE_OFF_TITLE}</Title>
        <Text c="dimmed">
          {MODULE_MESSAGES.switchedOff(consoleModule(module).label)} An admin can switch it on again in{' '}
          <Anchor component={Link} to={routes.client('modules')} underline="always">
            Modules
          </Anchor>
          .
        </Text>
      </Stack>
    </Center>
  );
}

/** A screen of an optional module: the screen while the module is on, the panel while it is off. */
export function RequireModule({ module, children }: { module: ConsoleModuleKey; children: ReactNode }) {
  return useModuleOn(module) ? children : <ModuleOff module={module} />;
}

/** A link, button or section of an optional module: nothing at all while the module is off. */
export function IfModule({ module, children }: { module: ConsoleModuleKey; children: ReactNode }) {
  return useModuleOn(module) ? children : null;
}
