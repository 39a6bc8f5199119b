import fc from 'fast-check';
import type { JsonSchema } from './route-table';

/**
 * fast-check arbitraries for hostile input: values of the right JSON type
 * that a database or a Date may still refuse (NUL, unpaired surrogates,
 * LIKE wildcards, huge or fractional numbers, far-away dates, long text).
 * They are built from a route's own schema, so that a body is valid-shaped
 * and its one hostile field can reach the code behind validation.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text a URL can carry: bytes are UTF-8, so an unpaired surrogate cannot be sent (it arrives as U+FFFD). */
const wellFormed = (s: string) => s.replace(LONE_SURROGATE, '\uFFFD');

/** Any single UTF-16 code unit, NUL and unpaired surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** Any JSON value, its text made of any code units. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3, stringUnit: codeUnit });

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '\uDC00\uD800', '%', '_', '\\', '%_\\%', "' or 1=1 --", 'e\u0301', '\u202E', '\uFEFF', ' ', '', '\uD835\uDD4F'),
  fc.string({ unit: codeUnit, maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(300, 5_000, 70_000).map((n) => 'a'.repeat(n)),
);

/** Numbers JSON can carry that no column or Date may hold: beyond int4, int8 and Date's range, fractions, -0. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 63, 2 ** 64, 1e15, 8.64e15, 8.64e15 + 1, 253402300800000, 1e20, 1e308, -1e308, Number.MIN_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Query and path text, already percent-encoded: what a client can put in a URL, malformed encodings included. */
export const hostileUrlText: fc.Arbitrary<string> = fc.oneof(
  hostileText.map((s) => encodeURIComponent(wellFormed(s))),
  hostileNumber.map((n) => encodeURIComponent(String(n))),
  fc.constantFrom('%00', '%ED%A0%80', '%FF', '%C0%80', '%', '%zz', '1e400', 'NaN', 'Infinity', '-0', '0x10', '%201', '1.5', '99999999999999999999'),
);

export interface Pools {
  /** Ids of real rows the caller may address (an instance, a member, a role, an audit entry). */
  ids: readonly string[];
  /** Real one-time tokens (an invitation's). */
  tokens: readonly string[];
}

const uniqueEmail = fc.uuid().map((u) => `fuzz.${u.slice(0, 13)}@example.com`);

/** A value for `s`: mostly the valid example, else a hostile value of the same JSON type. */
export function valueFor(s: JsonSchema | undefined, given: unknown, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 5) return anyJson;
  const example = given === undefined ? s.default : given;
  const kept = (weight: number) => (example === undefined ? [] : [{ arbitrary: fc.constant(example), weight }]);
  if ('const' in s) return fc.constant(s.const);
  if (s.enum?.length) return fc.oneof({ arbitrary: fc.constantFrom(...s.enum), weight: 3 }, hostileText);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...kept(2), ...alternatives.map((a) => valueFor(a, example, pools, depth + 1)));
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const given = (example && typeof example === 'object' ? example : {}) as Record<string, unknown>;
      const properties = s.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, valueFor(p, given[k], pools, depth + 1)]));
      const requiredKeys = [...new Set([...(s.required ?? []), ...Object.keys(given)])].filter((k) => k in properties);
      return fc.record(shape, { requiredKeys });
    }
    case 'array':
      return fc.oneof(...kept(2), fc.array(valueFor(s.items, undefined, pools, depth + 1), { maxLength: 4 }));
    case 'string':
      if (s.format === 'uuid') return fc.oneof({ arbitrary: fc.constantFrom(...pools.ids), weight: 3 }, fc.uuid(), hostileText);
      if (s.format === 'email')
        return fc.oneof(
          { arbitrary: uniqueEmail, weight: 3 },
          hostileText,
          hostileText.map((x) => `${x}@example.com`),
        );
      return fc.oneof(
        ...kept(3),
        hostileText,
        hostileText.map((x) => `${typeof example === 'string' ? example : 'a'}${x}`),
      );
    case 'integer':
    case 'number':
      return fc.oneof(...kept(2), hostileNumber);
    case 'boolean':
      return fc.oneof({ arbitrary: fc.boolean(), weight: 3 }, anyJson);
    default:
      return fc.oneof(...kept(2), anyJson);
  }
}

/** A path parameter, encoded: a real id or token, a random one, or hostile text. */
export function paramFor(name: string, pools: Pools): fc.Arbitrary<string> {
  const real = /token/i.test(name) ? pools.tokens : pools.ids;
  return fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, fc.uuid(), hostileUrlText);
}

/** A query string (`?a=1&b=…`) for a route's query shape: its own keys with valid or hostile values, and stray keys. */
export function queryFor(s: JsonSchema | null, pools: Pools): fc.Arbitrary<string> {
  const known = Object.entries(s?.properties ?? {}).map(([key, p]) =>
    fc.option(
      fc
        .oneof(
          valueFor(p, undefined, pools).map((v) => encodeURIComponent(wellFormed(typeof v === 'string' ? v : (JSON.stringify(v) ?? '')))),
          hostileUrlText,
        )
        .map((v) => `${encodeURIComponent(key)}=${v}`),
      { nil: null },
    ),
  );
  const stray = fc.array(
    fc.tuple(hostileUrlText, hostileUrlText).map(([k, v]) => `${k}=${v}`),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...known), stray).map(([pairs, extra]) => {
    const all = [...pairs.filter((x): x is string => x !== null), ...extra];
    return all.length ? `?${all.join('&')}` : '';
  });
}
