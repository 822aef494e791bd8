// Text PostgreSQL cannot store as sent: the NUL character (text columns refuse it, so the
// database would fail with a 500) and unpaired UTF-16 surrogates (JSON allows "\ud800", but
// UTF-8 cannot encode it, so it would be stored silently altered). Both are refused as bad
// input, before any handler runs, on the API (400 {detail, errors}) and on identity (Cognito's
// InvalidParameterException), for bodies, query strings and path parameters alike.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

export const UNSTORABLE_REASON = 'Must not contain the NUL character or unpaired surrogate code units.';

// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The dotted path of the first string (or key) holding unstorable text, or null. A walk with its
 * own stack, not recursion: no depth of input can overflow the call stack here.
 */
export function findUnstorableText(value: unknown, at = ''): string | null {
  // [what, its path, whether `what` is a key]: a key is checked before the value it holds.
  const stack: Array<[unknown, string, boolean]> = [[value, at, false]];
  while (stack.length > 0) {
    const [node, path, isKey] = stack.pop()!;
    if (typeof node === 'string') {
      if (UNSTORABLE.test(node)) return path || 'body';
      continue;
    }
    if (isKey || !node || typeof node !== 'object') continue;
    const entries = Object.entries(node);
    // Pushed last first, so fields are visited in order and the first bad one is named.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i];
      const innerPath = path ? `${path}.${key}` : key;
      stack.push([inner, innerPath, false], [key, innerPath, true]);
    }
  }
  return null;
}

function identityRefusal(reply: FastifyReply, request: FastifyRequest, field: string) {
  const message = `Invalid value for ${field.replace(/[^\x20-\x7e]/g, '?').slice(0, 64)}: ${UNSTORABLE_REASON}`;
  return reply
    .code(400)
    .header('content-type', 'application/x-amz-json-1.1')
    .header('x-amzn-errortype', 'InvalidParameterException:')
    .header('x-amzn-requestid', request.id)
    .send(JSON.stringify({ __type: 'InvalidParameterException', message }));
}

export function registerTextSafety(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const identity = request.url === '/identity' || request.url.startsWith('/identity/') || request.url.startsWith('/identity?');
    let body: unknown = request.body;
    if (identity && typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        return; // identity answers malformed JSON itself
      }
    }
    const where = findUnstorableText(request.params, '') ?? findUnstorableText(request.query, '') ?? (body === undefined ? null : findUnstorableText(body, ''));
    if (!where) return;
    if (identity) return identityRefusal(reply, request, where);
    // Thrown, not sent: the route's error handler words it (the FHIR API as an OperationOutcome).
    throw new HttpError(400, `Invalid ${where}: ${UNSTORABLE_REASON}`, { [where]: [UNSTORABLE_REASON] });
  });
}
