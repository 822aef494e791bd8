// FHIR's error body (issue 40): every refusal of /fhir/R4 is an OperationOutcome. The words are
// the business API's (server/http/errors.ts errorAnswer), so a refusal reads the same on both
// APIs; the issue's `code` is FHIR's name for the status, `expression` the fields at fault.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswer } from '../../http/errors.ts';

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

const ISSUE_CODE: Record<number, string> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  413: 'too-costly',
  415: 'not-supported',
  429: 'throttled',
  503: 'transient',
};

export interface OperationOutcome {
  resourceType: 'OperationOutcome';
  issue: Array<{ severity: 'error'; code: string; diagnostics: string; details?: { text: string }; expression?: string[] }>;
}

/**
 * The answer as an OperationOutcome: the first issue says it all (`diagnostics` is the business
 * API's `detail`, `expression` every field at fault); a 400 then has one issue per field and
 * reason, as the business API's `errors: {field: [reason]}`.
 */
export function operationOutcome(status: number, detail: string, extra: Record<string, unknown>): OperationOutcome {
  const errors = (extra.errors ?? {}) as Record<string, string[]>;
  const fields = Object.keys(errors);
  const code = typeof extra.code === 'string' ? extra.code : undefined;
  const issueCode = ISSUE_CODE[status] ?? 'exception';
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'error',
        code: issueCode,
        diagnostics: detail,
        ...(code ? { details: { text: code } } : {}),
        ...(fields.length ? { expression: fields } : {}),
      },
      ...fields.flatMap((field) => errors[field].map((reason) => ({ severity: 'error' as const, code: issueCode, diagnostics: reason, expression: [field] }))),
    ],
  };
}

/** The /fhir/R4 routes' error handler: the business API's answer, as an OperationOutcome. */
export function fhirErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = errorAnswer(error, request);
  return reply
    .code(answer.status)
    .type(FHIR_JSON)
    .send(operationOutcome(answer.status, answer.detail, answer.extra));
}

/** An unknown path under the FHIR base: the business API's 404 words, as an OperationOutcome. */
export function fhirNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .type(FHIR_JSON)
    .send(operationOutcome(404, `Not found: ${request.method} ${(request.originalUrl ?? request.url).split('?')[0]}`, {}));
}
