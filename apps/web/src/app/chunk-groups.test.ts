import { describe, expect, it } from 'vitest';
import { importedNames, startRules } from '../../chunk-groups';

describe('the rules a page starts with', () => {
  it('go in the start chunk, the public endpoint files among them', () => {
    expect(startRules('/repo/packages/contracts/src/account.ts')).toBe('start');
    expect(startRules('/repo/packages/contracts/src/endpoints/auth.ts')).toBe('start');
    expect(startRules('/repo/packages/contracts/src/endpoints/system.ts')).toBe('start');
  });

  it('fail the build should they take an endpoint file of the signed-in console', () => {
    expect(() => startRules('/repo/packages/contracts/src/endpoints/team.ts')).toThrow(/endpoints\/team\.ts is in the code a public page starts with/);
    expect(() => startRules('C:\\repo\\packages\\contracts\\src\\endpoints\\instances.ts')).toThrow(/public page/);
  });
});

describe('the Mantine components a module uses', () => {
  it('are the names it imports from @mantine/core, on one line or many, aliased or not, its types left out', () => {
    const source = [
      "import { Button, Group as Row, type MantineSize } from '@mantine/core';",
      "import {\n  Modal,\n  TextInput,\n} from '@mantine/core';",
      "import type { ButtonProps } from '@mantine/core';",
      "import { useDisclosure } from '@mantine/hooks';",
    ].join('\n');
    expect(importedNames(source, '@mantine/core')).toEqual(['Button', 'Group', 'Modal', 'TextInput']);
  });
});
