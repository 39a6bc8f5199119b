import { z } from 'zod';
import * as contracts from '../index';

type JsonSchema = Record<string, unknown>;

const DEFS_PREFIX = '#/$defs/';
export const COMPONENTS_PREFIX = '#/components/schemas/';

/** `instanceSchema` → `Instance`: the export's name is the component's. */
const componentName = (exportName: string) => exportName.charAt(0).toUpperCase() + exportName.slice(1, -'Schema'.length);

/**
 * Every schema the contracts export (`…Schema`) by its component name; the first
 * export wins where two names are the same schema.
 */
function exportedNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [key, value] of Object.entries(contracts)) {
    if (key.endsWith('Schema') && value instanceof z.ZodType && !names.has(value)) names.set(value, componentName(key));
  }
  return names;
}

/** Points a converted schema's `#/$defs/X` at the document's `#/components/schemas/X`. */
function pointAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointAtComponents);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith(DEFS_PREFIX) ? COMPONENTS_PREFIX + inner.slice(DEFS_PREFIX.length) : pointAtComponents(inner),
    ]),
  );
}

/**
 * The document's named schemas (`components.schemas`). An answer's schema is
 * converted with every exported contract schema named (zod extracts those into
 * `$defs`), and each named part becomes one component the answers `$ref`: an
 * instance or a member is written once, not in every answer that holds one.
 * Requests stay inline: a request reads a schema with its defaults (zod's
 * `input`), so the same name could mean two shapes.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly names = exportedNames();
  /** The global registry's metadata (descriptions, examples), with the component name as zod's `id`. */
  private readonly registry = {
    get: (schema: z.ZodType) => {
      const meta = z.globalRegistry.get(schema);
      const id = this.names.get(schema);
      return id ? { ...meta, id } : meta;
    },
  } as unknown as z.core.$ZodRegistry<z.core.GlobalMeta>;

  /** The JSON Schema (2020-12) an answer writes, its named parts as `$ref`s to components. */
  output(schema: z.ZodType): JsonSchema {
    const converted = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12', metadata: this.registry }) as JsonSchema;
    const { $schema: _dialect, $defs, ...root } = converted;
    for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const component = pointAtComponents(def) as JsonSchema;
      const known = this.schemas[name];
      // Named only by the table above (no cycles in the contracts): one name, one shape.
      if (known && JSON.stringify(known) !== JSON.stringify(component)) throw new Error(`Two shapes for the component ${name}`);
      this.schemas[name] = component;
    }
    return pointAtComponents(root) as JsonSchema;
  }

  /** What a `$ref` to a component points at (examples are made from it). */
  resolve(ref: string): JsonSchema | undefined {
    return ref.startsWith(COMPONENTS_PREFIX) ? this.schemas[ref.slice(COMPONENTS_PREFIX.length)] : undefined;
  }

  /** The components, sorted by name (the document stays deterministic whatever the answers' order). */
  sorted(extra: Record<string, JsonSchema> = {}): Record<string, JsonSchema> {
    const all = { ...this.schemas, ...extra };
    return Object.fromEntries(
      Object.keys(all)
        .sort()
        .map((name) => [name, all[name]!]),
    );
  }
}
