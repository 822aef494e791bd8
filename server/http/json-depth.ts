// How deep a JSON body may nest arrays and objects. Everything after parsing walks a body
// recursively somewhere (the text-safety check, ajv, serialisers, the database driver), once per
// level, so a small body nested thousands of levels deep (7 KB of "[") would overflow the stack
// and answer 500. The depth is measured on the raw text, in one pass without recursion, before
// JSON.parse: the API's JSON parser refuses an over-deep body with 400 {detail, errors: {body}}
// and identity's parser with Cognito's InvalidParameterException, before any handler or hook.
import type { FastifyInstance } from 'fastify';
import { badRequest, type HttpError } from './errors.ts';

/** No body the contract describes comes near this; free-form JSON fields get the rest. */
export const MAX_JSON_DEPTH = 64;

export const JSON_TOO_DEEP_REASON = `Must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`;

/**
 * Whether JSON text opens more than `max` arrays or objects inside one another. Brackets inside
 * strings do not count; malformed text is measured as far as it goes (JSON.parse refuses it after).
 */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  // Every level takes at least one character.
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/** The refusal both parsers give: an HttpError 400 naming the body. */
export function jsonTooDeep(): HttpError {
  return badRequest('body', JSON_TOO_DEEP_REASON);
}

/**
 * The app's application/json parser: Fastify's own (same proto-poisoning rules, same errors for
 * empty and malformed bodies), after the depth check. Contexts that keep the root's parsers (the
 * business API) inherit it; identity, which takes every body as text, checks in its own parser.
 */
export function registerJsonDepthLimit(app: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string)) return done(jsonTooDeep(), undefined);
    return parse(request, body as string, done);
  });
}
