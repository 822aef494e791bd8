// The server and openapi/openapi.yaml describe the same API: every operation of the contract is
// a route, every API route is in the contract, and /api/docs serves the contract itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { contract } from './support.ts';

describe('the contract and the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  }, 180_000);
  afterAll(() => t.close());

  it('is OpenAPI 3.1 with an operationId on every operation', () => {
    expect(contract.document.openapi).toBe('3.1.0');
    // camelCase, a digit allowed after the first letter (exportGstr1: the return's own name).
    for (const op of contract.operations()) expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
  });

  it('has a route for every operation (server/api/index.ts refuses routes without one)', async () => {
    for (const op of contract.operations()) {
      const url = `/api/v1${op.path.replace(/\{[^}]+\}/g, ':id')}`;
      expect(t.app.hasRoute({ method: op.method.toUpperCase() as 'GET', url }), `${op.method} ${url}`).toBe(true);
    }
  });

  it('serves the contract at /api/docs (Swagger UI) and as JSON and YAML', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    // No inline scripts: the page runs under the app's Content-Security-Policy.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect((await t.app.inject('/api/docs/static/swagger-initializer.js')).statusCode).toBe(200);
    const json = await t.app.inject('/api/docs/json');
    expect(json.statusCode).toBe(200);
    expect(json.json().paths['/users/users'].get.operationId).toBe('listUsers');
    const yaml = await t.app.inject('/api/docs/yaml');
    expect(parse(yaml.body).components.schemas.Profile.properties.aadhar_number).toBeDefined();
  });

  it('answers unknown API paths with the JSON 404, authenticated or not', async () => {
    const res = await t.app.inject('/api/v1/users/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found: GET /api/v1/users/nothing-here' });
  });
});
