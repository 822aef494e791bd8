// The FHIR API's own words (issue 40): what its OperationOutcomes say beyond the business API's refusals.
export const FHIR_TEXTS = {
  patientRequired: 'Name the client: staff search with patient=<id> (or Patient/<id>).',
  notADate: 'Must be a real calendar day (YYYY-MM-DD) or an instant with its UTC offset.',
} as const;

/** The clinic's own code systems: what has no LOINC code (measurements), staff roles, and its bills. */
export const CLINIC_CODE_SYSTEM = {
  measurement: 'https://thrive.clinic/fhir/CodeSystem/measurement',
  staffRole: 'https://thrive.clinic/fhir/CodeSystem/staff-role',
  /** A bill's kind: `invoice` (tax invoice) or `bill_of_supply`. */
  billingDocument: 'https://thrive.clinic/fhir/CodeSystem/billing-document',
  /** The HSN or SAC code a bill's line carries for GST. */
  hsnSac: 'https://thrive.clinic/fhir/CodeSystem/hsn-sac',
  /** The bill's number as printed (the series and financial year's sequence). */
  invoiceNumber: 'https://thrive.clinic/fhir/NamingSystem/invoice-number',
} as const;
