// The two shapes of a refusal: the business API's `{detail, errors: {field: [reason]}}` and the
// FHIR API's OperationOutcome (server/api/fhir/outcome.ts: the first issue's diagnostics is the
// detail, then one issue per field and reason). Tests that sweep every operation read both here.

interface Outcome {
  resourceType?: string;
  issue?: Array<{ diagnostics?: unknown; expression?: string[] }>;
  detail?: unknown;
  errors?: Record<string, string[]>;
}

/** The refusal's words (`detail`), or undefined when the body has none. */
export function detailOf(body: unknown): unknown {
  const b = body as Outcome | null;
  return b?.resourceType === 'OperationOutcome' ? b.issue?.[0]?.diagnostics : b?.detail;
}

/** The fields at fault and their reasons, or undefined when the body names none. */
export function errorsOf(body: unknown): Record<string, string[]> | undefined {
  const b = body as Outcome | null;
  if (b?.resourceType !== 'OperationOutcome') return b?.errors;
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of b.issue?.slice(1) ?? []) for (const field of issue.expression ?? []) (errors[field] ??= []).push(String(issue.diagnostics));
  return Object.keys(errors).length ? errors : undefined;
}
