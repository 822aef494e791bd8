// The FHIR API's own words (issue 40): what its OperationOutcomes say beyond the business API's refusals.
export const FHIR_TEXTS = {
  patientRequired: 'Name the client: staff search with patient=<id> (or Patient/<id>).',
  notADate: 'Must be a real calendar day (YYYY-MM-DD) or an instant with its UTC offset.',
} as const;

/** The clinic's own code system for what has no LOINC code (measurements) and for staff roles. */
export const CLINIC_CODE_SYSTEM = {
  measurement: 'https://thrive.clinic/fhir/CodeSystem/measurement',
  staffRole: 'https://thrive.clinic/fhir/CodeSystem/staff-role',
} as const;
