import { describe, expect, it } from 'vitest';
import { countryOptions, countryOptionsWith } from './countries';

describe('country names', () => {
  it.each([
    ['DE', 'Germany'],
    ['US', 'United States'],
    ['GB', 'United Kingdom'],
    ['JP', 'Japan'],
    ['CI', 'Côte d’Ivoire'],
  ])('names the code %s %s', (code, name) => {
    expect(countryOptions().find((c) => c.value === code)?.label).toBe(name);
  });

  it('lists every country once, sorted by name, and keeps an unknown saved code as itself', () => {
    const all = countryOptions();
    expect(new Set(all.map((c) => c.value)).size).toBe(all.length);
    expect(all.length).toBe(249);
    const labels = all.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countryOptionsWith('XK').at(-1)).toEqual({ value: 'XK', label: 'XK' });
    expect(countryOptionsWith('FR')).toBe(all);
  });
});
