// Route schemas compiled on a route's first request (server/http/compile-on-first-use.ts): the
// compile happens once, on first use; ajv's `errors` read after a call are that call's; and a
// Fastify app built with the lazy serializer factory serializes exactly as with Fastify's own.
import { Ajv } from 'ajv';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compiledOnFirstUse, serializersOnFirstUse } from '../../../../server/http/compile-on-first-use.ts';

const PATIENT_NOTE = { type: 'object', required: ['text'], additionalProperties: false, properties: { text: { type: 'string', maxLength: 5 } } };

describe('compiledOnFirstUse', () => {
  it('compiles on the first call only, never before', () => {
    let compiles = 0;
    const double = compiledOnFirstUse(() => {
      compiles += 1;
      return (n: number) => n * 2;
    });
    expect(compiles).toBe(0);
    expect([double(1), double(2), double(3)]).toEqual([2, 4, 6]);
    expect(compiles).toBe(1);
  });

  it("carries each call's ajv errors, and clears them on a valid value", () => {
    const validate = compiledOnFirstUse(() => new Ajv({ allErrors: true }).compile(PATIENT_NOTE));
    expect(validate({ text: 'too long' })).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({ instancePath: '/text', keyword: 'maxLength' })]);
    expect(validate({ text: 'ok' })).toBe(true);
    expect(validate.errors).toBeNull();
  });

  it('reports a schema ajv rejects on first use, as compile() would have at start', () => {
    const validate = compiledOnFirstUse(() => new Ajv().compile({ type: 'no-such-type' }));
    expect(() => validate({})).toThrow(/type/);
  });
});

describe('serializersOnFirstUse', () => {
  async function appWith(response: object) {
    const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: serializersOnFirstUse } } });
    app.get('/note', { schema: { response: { 200: response } } }, async () => ({ text: 'hello', sealed: 'not in the schema' }));
    await app.ready();
    return app;
  }

  it("serializes a route's reply through its response schema", async () => {
    const app = await appWith({ type: 'object', properties: { text: { type: 'string' } } });
    const reply = await app.inject({ method: 'GET', url: '/note' });
    expect(reply.statusCode).toBe(200);
    // fast-json-stringify writes only what the schema names: a field outside it never leaves.
    expect(reply.json()).toEqual({ text: 'hello' });
    await app.close();
  });

  it('starts with a schema its compiler rejects, and fails that route on its first request', async () => {
    const app = await appWith({ type: 'object', properties: { text: { $ref: '#/definitions/missing' } } });
    const reply = await app.inject({ method: 'GET', url: '/note' });
    expect(reply.statusCode).toBe(500);
    await app.close();
  });
});
