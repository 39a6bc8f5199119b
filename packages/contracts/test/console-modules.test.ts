import { describe, expect, it } from 'vitest';
import { CONSOLE_MODULES, CONSOLE_MODULE_KEYS, isModuleOn, knownModules, moduleToggleSchema, toggleModule } from '../src';

describe('the console modules', () => {
  it('toggles a module key like the session state does (spec section 4): added if absent, removed if present', () => {
    expect(toggleModule([], 'alerts')).toEqual(['alerts']);
    expect(toggleModule(['alerts', 'errors'], 'alerts')).toEqual(['errors']);
    expect(toggleModule(toggleModule(['webhooks'], 'errors'), 'errors')).toEqual(['webhooks']);
  });

  it('reads the list as the modules switched off', () => {
    expect(isModuleOn({ modules: [] }, 'alerts')).toBe(true);
    expect(isModuleOn({ modules: ['alerts'] }, 'alerts')).toBe(false);
    expect(isModuleOn({ modules: ['alerts'] }, 'errors')).toBe(true);
  });

  it('has unique keys, each with a label and a description', () => {
    expect(new Set(CONSOLE_MODULE_KEYS).size).toBe(CONSOLE_MODULES.length);
    for (const m of CONSOLE_MODULES) {
      expect(m.key).toMatch(/^[a-z][a-z-]*$/);
      expect(m.label.length).toBeGreaterThan(0);
      expect(m.description.length).toBeGreaterThan(0);
    }
  });

  it('accepts only the catalogue’s keys', () => {
    expect(moduleToggleSchema.safeParse({ module: 'alerts' }).success).toBe(true);
    expect(moduleToggleSchema.safeParse({ module: 'notes' }).success).toBe(false);
    expect(moduleToggleSchema.safeParse({ module: 'alerts', more: 1 }).success).toBe(false);
    expect(knownModules(['notes', 'errors', 'assist'])).toEqual(['errors']);
  });
});
