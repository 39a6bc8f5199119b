import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { arraysHoldObjects, compileRoute, responseSerializer } from '../src/plugins/serializer';

const response = z.object({
  data: z.object({
    name: z.string(),
    note: z.string().nullable(),
    items: z.array(z.object({ id: z.string() })),
    choice: z.union([z.string(), z.number()]).optional(),
  }),
});

async function serve(strict: boolean, payload: unknown, schema: z.ZodType = response) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(strict));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => payload as never);
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return res;
}

const leaky = {
  data: { name: 'n', note: null, passwordHash: 'secret', items: [{ id: '1', tokenHash: 'secret' }] },
  extra: 'secret',
};

describe('response serializer', () => {
  it("compiles a route's writer at its first answer, once, and none at start", async () => {
    const compile = vi.fn(compileRoute);
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializer(false, compile));
    app.get('/x', { schema: { response: { 200: response } } }, async () => leaky as never);
    app.get('/never', { schema: { response: { 200: response } } }, async () => leaky as never);
    await app.ready();
    expect(compile).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/x' })).json()).toEqual({ data: { name: 'n', note: null, items: [{ id: '1' }] } });
    expect(compile).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('keeps only the fields the schema declares, at every depth', async () => {
    const res = await serve(false, leaky);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { name: 'n', note: null, items: [{ id: '1' }] } });
    expect(res.body).not.toContain('secret');
  });

  it('in strict mode also refuses a response that does not match its schema', async () => {
    const res = await serve(true, { data: { name: 1, note: null, items: [] } });
    expect(res.statusCode).toBe(500);
  });

  it('in strict mode strips undeclared fields too', async () => {
    const res = await serve(true, leaky);
    expect(res.body).not.toContain('secret');
  });

  it('writes a schema JSON Schema cannot express (a date) through zod', async () => {
    const dated = z.object({ at: z.date() });
    for (const strict of [false, true]) {
      const res = await serve(strict, { at: new Date(Date.UTC(2026, 0, 2)), secret: 'secret' }, dated);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ at: '2026-01-02T00:00:00.000Z' });
    }
  });

  it('filters the objects of a long array, and writes a long array of numbers as it is', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ id: String(i), tokenHash: 'secret' }));
    const long = await serve(false, { data: { name: 'n', note: null, items: many } });
    expect(long.json().data.items).toHaveLength(1000);
    expect(long.body).not.toContain('secret');

    const series = z.object({ points: z.array(z.tuple([z.number(), z.number()])) });
    const points = Array.from({ length: 1000 }, (_, i) => [i * 60, i / 100]);
    const res = await serve(false, { points }, series);
    expect(res.json()).toEqual({ points });
  });

  it('sees an object in any array of a schema', () => {
    const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    expect(arraysHoldObjects(json(response))).toBe(true);
    expect(arraysHoldObjects(json(z.object({ a: z.array(z.union([z.number(), z.object({ b: z.string() })])) })))).toBe(true);
    expect(arraysHoldObjects(json(z.object({ a: z.array(z.array(z.object({ b: z.string() }))) })))).toBe(true);
    expect(arraysHoldObjects(json(z.object({ a: z.array(z.tuple([z.number(), z.string().nullable()])), b: z.object({ c: z.number() }) })))).toBe(false);
  });
});
