// The error shapes every route inherits:
//   400 {detail, errors?: {field: [message]}}  bad input (schema validation, malformed JSON)
//   413 {detail}                               body over the limit
//   401 {detail, code}                         no valid token (code: token_missing, token_expired, ...)
//   403 {detail, code}                         not allowed (code: forbidden, no_account)
//   404 {detail}                               unknown route
//   500 {detail, request_id}                   anything unexpected, never a stack trace
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dateRefusal } from '../../machines/rules/calendar-dates.ts';
import { BLANK_REASON, VISIBLE_TEXT_PATTERN } from '../../machines/rules/visible-text.ts';
import { DECIMAL_DIGITS, DECIMAL_DIGITS_REASON } from './decimal-params.ts';

/** An error a handler throws on purpose: its status and detail go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    /** Machine-readable reason beside `detail` (401 and 403 always carry one). */
    readonly code?: string,
  ) {
    super(detail);
  }
}

/** 400 with the field and the reason. */
export function badRequest(field: string, reason: string): HttpError {
  return new HttpError(400, `Invalid ${field}: ${reason}`, { [field]: [reason] });
}

type ValidationItem = NonNullable<FastifyError['validation']>[number];

function fieldOf(item: ValidationItem): string {
  const params = item.params as Record<string, unknown>;
  const pointer = item.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (typeof params.missingProperty === 'string') {
    return pointer ? `${pointer}.${params.missingProperty}` : params.missingProperty;
  }
  if (typeof params.additionalProperty === 'string') {
    return pointer ? `${pointer}.${params.additionalProperty}` : params.additionalProperty;
  }
  return pointer || 'body';
}

function reasonOf(item: ValidationItem): string {
  const params = item.params as Record<string, unknown>;
  if (item.keyword === 'required') return 'This field is required.';
  if (item.keyword === 'additionalProperties') return 'Unknown field.';
  const date = dateRefusal(item.keyword, params);
  if (date) return date;
  if (item.keyword === 'pattern' && params.pattern === DECIMAL_DIGITS) return DECIMAL_DIGITS_REASON;
  if (item.keyword === 'pattern' && params.pattern === VISIBLE_TEXT_PATTERN) return BLANK_REASON;
  return `${item.message ?? 'is invalid'}`.replace(/^must/, 'Must') + (params.allowedValues ? `: ${(params.allowedValues as unknown[]).join(', ')}` : '');
}

export function validationErrors(validation: ValidationItem[]): Record<string, string[]> {
  // No prototype: a field named "constructor" or "__proto__" is just a field.
  const errors: Record<string, string[]> = Object.create(null);
  for (const item of validation) {
    const field = fieldOf(item);
    const reasons = errors[field] ?? [];
    const reason = reasonOf(item);
    if (!reasons.includes(reason)) reasons.push(reason);
    errors[field] = reasons;
  }
  return errors;
}

export function sendError(reply: FastifyReply, status: number, detail: string, extra: Record<string, unknown> = {}) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ detail, ...extra });
}

/** What an error answers: its status, its `detail` and anything beside it (the FHIR API words the same answer as an OperationOutcome). */
export interface ErrorAnswer {
  status: number;
  detail: string;
  extra: Record<string, unknown>;
}

export function errorAnswer(error: FastifyError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof HttpError) {
    // A refusal without its own code is the generic one: signed in, not allowed.
    const code = error.code ?? (error.statusCode === 403 ? 'forbidden' : undefined);
    return { status: error.statusCode, detail: error.detail, extra: { ...(error.errors ? { errors: error.errors } : {}), ...(code ? { code } : {}) } };
  }
  if (error.validation) {
    const errors = validationErrors(error.validation);
    const fields = Object.keys(errors);
    return { status: 400, detail: `Invalid request: ${fields.map((f) => `${f}: ${errors[f][0]}`).join('; ')}`, extra: { errors } };
  }
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, detail: 'Request body is too large.', extra: {} };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 415, detail: 'Unsupported content type; send application/json.', extra: {} };
  if (status >= 400 && status < 500) {
    const detail =
      error instanceof SyntaxError || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'Malformed JSON in request body.'
        : error.message;
    return { status, detail, extra: {} };
  }
  if (isDataException(error)) {
    // PostgreSQL's class 22 (a value out of range or malformed for its column): bad input that
    // got past validation, so the client hears 400 rather than a server fault.
    return { status: 400, detail: 'Invalid request: a value is out of range or malformed.', extra: {} };
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ code: (error as { code?: string }).code }, 'database unavailable');
    return { status: 503, detail: 'The service is temporarily unavailable. Please try again shortly.', extra: { request_id: request.id } };
  }
  // Log the error class and stack, not the message's data: messages can quote input.
  request.log.error({ err: { type: error.name, code: error.code, stack: error.stack } }, 'unhandled error');
  return { status: 500, detail: 'Internal server error.', extra: { request_id: request.id } };
}

export function registerErrorHandling(
  app: FastifyInstance,
  options: { fallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null } = {},
): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswer(error, request);
    return sendError(reply, answer.status, answer.detail, answer.extra);
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.fallback?.(request, reply)) return;
    sendError(reply, 404, `Not found: ${request.method} ${request.url.split('?')[0]}`);
  });
}

const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** Connection-level failures of PostgreSQL: the API answers 503 while the server is down. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  if (code && unavailableCodes.has(code)) return true;
  const message = String((error as Error | null)?.message ?? '');
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(message);
}
