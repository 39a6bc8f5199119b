type JsonSchema = Record<string, unknown>;

/** No sample can be made (a pattern with no example): the operation then shows none rather than a wrong one. */
const NONE = Symbol('no sample');

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: '3f6c2a9e-4b1d-4e8a-9c2f-7d5e1b0a6c34',
  email: 'jane.doe@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'date-time': '2026-01-15T09:30:00.000Z',
  date: '2026-01-15',
};

/** A date in epoch milliseconds, for integer fields the console names `…At` (most of its times). */
const EPOCH_MS_SAMPLE = 1_768_469_400_000;

/** What a `$ref` points at (the document's components). */
type Resolve = (ref: string) => JsonSchema | undefined;

function sampleOf(schema: JsonSchema | boolean, resolve: Resolve, key = ''): unknown {
  if (typeof schema !== 'object' || schema === null) return NONE;
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref);
    return target ? sampleOf({ ...target, ...schema, $ref: undefined }, resolve, key) : NONE;
  }
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) {
    const chosen = choices.find((c) => c.type !== 'null') ?? choices[0];
    return chosen ? sampleOf(chosen, resolve, key) : null;
  }
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
        const value = sampleOf(property, resolve, name);
        if (value === NONE) return NONE;
        out[name] = value;
      }
      return out;
    }
    case 'array': {
      if (Array.isArray(schema.prefixItems)) {
        const tuple = (schema.prefixItems as JsonSchema[]).map((item) => sampleOf(item, resolve, key));
        return tuple.includes(NONE) ? NONE : tuple;
      }
      const items = (schema.items ?? {}) as JsonSchema;
      const count = Math.max(1, Number(schema.minItems ?? 1));
      const item = sampleOf(items, resolve, key);
      return item === NONE ? NONE : Array.from({ length: count }, () => item);
    }
    case 'string': {
      if (typeof schema.format === 'string' && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
      if (schema.pattern) return NONE;
      const text = /id$/i.test(key) ? FORMAT_SAMPLES.uuid! : key || 'text';
      const min = Number(schema.minLength ?? 0);
      const max = Number(schema.maxLength ?? Infinity);
      return text.padEnd(min, 'x').slice(0, max);
    }
    case 'integer':
    case 'number': {
      const min = Number(schema.minimum ?? -Infinity);
      const max = Number(schema.maximum ?? Infinity);
      const wanted = /At$/.test(key) ? EPOCH_MS_SAMPLE : 1;
      return Math.min(max, Math.max(min, wanted));
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return NONE;
  }
}

/** An example value for a JSON Schema: its own example where it has one, else one made from its types and bounds; undefined when none can be made. */
export function exampleOf(schema: JsonSchema, resolve: Resolve = () => undefined): unknown {
  const sample = sampleOf(schema, resolve);
  return sample === NONE ? undefined : sample;
}
