import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * A stringify function compiled from the response schema, or null when the
 * schema has a part JSON Schema cannot say (transforms, dates, lazies): those
 * routes keep zod's own serializer. The compiled function writes only the
 * fields the schema declares, so a row's secret column never leaves.
 */
function compileFast(schema: z.ZodType): Serialize | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    // A long array of numbers (a graph's ten thousand points) is written five times faster by
    // JSON.stringify, the library's own choice for long arrays; it would also write an object's
    // undeclared fields, so only answers whose arrays hold no object take it.
    const options = arraysHoldObjects(json) ? {} : { largeArraySize: LONG_ARRAY, largeArrayMechanism: 'json-stringify' as const };
    return fastJson(json as Parameters<typeof fastJson>[0], options) as Serialize;
  } catch {
    return null;
  }
}

/** From this length an array of scalars is written by JSON.stringify. */
const LONG_ARRAY = 256;

/** Whether any array in a JSON Schema may hold an object (its items, at any depth, declare one). */
export function arraysHoldObjects(node: unknown, inArray = false): boolean {
  if (Array.isArray(node)) return node.some((n) => arraysHoldObjects(n, inArray));
  if (!node || typeof node !== 'object') return false;
  const schema = node as Record<string, unknown>;
  if (inArray && (schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')) || 'properties' in schema || '$ref' in schema)) return true;
  return Object.entries(schema).some(([key, value]) => arraysHoldObjects(value, inArray || (schema.type === 'array' && (key === 'items' || key === 'prefixItems' || key === 'additionalItems'))));
}

/**
 * Response serialization. Handlers are typed against their response schema at
 * compile time, so at run time a serializer compiled from the schema (as
 * Fastify does for JSON Schema) both filters and writes the answer, about
 * five times faster than zod's check followed by JSON.stringify. With `strict`
 * (the test suites) every response is also checked by zod, and the compiled
 * writer's text must equal zod's byte for byte, so a drift between handler,
 * schema and writer fails a test instead of reaching a user.
 */
export function responseSerializer(strict: boolean, compile = compileRoute): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    // Compiled at a route's first answer, not at start: compiling every route's writers cost a
    // start about a second of CPU (every console, every test's app), the first answer a few ms.
    let serialize: Serialize | null = null;
    return (data) => (serialize ??= compile(route, strict))(data);
  };
}

/** A route's writer: the compiled one where its schema allows, zod's otherwise; in strict mode, both compared. */
export function compileRoute(route: Parameters<FastifySerializerCompiler<z.ZodType>>[0], strict: boolean): Serialize {
  const checked = zodSerializer(route as never) as Serialize;
  const fast = compileFast(route.schema);
  if (!fast) return checked;
  if (!strict) return fast;
  return (data) => {
    const expected = checked(data);
    const written = fast(data);
    if (written !== expected) {
      throw new Error(`The compiled serializer of ${route.method} ${route.url} wrote ${written}, zod wrote ${expected}`);
    }
    return written;
  };
}
