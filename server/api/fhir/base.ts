// Where the FHIR API answers (issue 40): at `/fhir/R4`, the base the issue and FHIR clients expect,
// and under the business API's prefix, where its operations sit in the one contract. The server
// moves the first onto the second before routing (app.ts `rewriteUrl`), so both bases share one
// set of routes, the bearer tokens, rate limits, access declarations and audit.

/** The FHIR base the issue names; the same API also answers under the business API's prefix. */
export const FHIR_ROOT = '/fhir/R4';
export const FHIR_PREFIXED = `/api/v1${FHIR_ROOT}`;

const isUnder = (url: string, base: string) => url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`);

/** `/fhir/R4/...` as the business API's path, so both bases reach the same routes, hooks and audit. */
export const underApi = (url: string): string => (isUnder(url, FHIR_ROOT) ? `/api/v1${url}` : url);

/** Whether a (routed) path is the FHIR API's, so its 404 is an OperationOutcome. */
export const isFhirPath = (url: string): boolean => isUnder(url, FHIR_PREFIXED);
