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
    return fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
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
export function responseSerializer(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
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
  };
}
