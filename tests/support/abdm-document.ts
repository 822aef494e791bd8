// The ABDM document envelope's rules (india-reference.md §7.2-7.3, from the NRCES implementation
// guide): what a document Bundle must carry for the guide to accept it, checked on what the FHIR
// API returns. Structure only; the HL7 validator with the `ndhm.in` package checks full conformance.

/** What the guide requires of every record's Composition, and each profile's type code and sections. */
export const ABDM_PROFILES = {
  OPConsultRecord: {
    type: { system: 'http://snomed.info/sct', code: '371530004' },
    needsEncounter: true,
    // The twelve section slices' SNOMED codes (ChiefComplaints ... DocumentReference).
    sections: [
      '422843007',
      '425044008',
      '722446000',
      '371529009',
      '422432008',
      '721963009',
      '721912009',
      '736271009',
      '371525003',
      '306206005',
      '404684003',
      '371530004',
    ],
  },
} as const;

/** Why `bundle` is not an ABDM `profile` document, or [] when it is. */
export function abdmDocumentProblems(bundle: any, profile: keyof typeof ABDM_PROFILES): string[] {
  const rules = ABDM_PROFILES[profile];
  const problems: string[] = [];
  const need = (ok: unknown, why: string) => {
    if (!ok) problems.push(why);
  };
  need(bundle?.resourceType === 'Bundle' && bundle.type === 'document', 'Bundle.type must be document');
  need(bundle?.meta?.versionId, 'Bundle.meta.versionId is required');
  need(bundle?.identifier?.system && bundle?.identifier?.value, 'Bundle.identifier.system and value are required');
  need(bundle?.timestamp, 'Bundle.timestamp is required');
  const entries: any[] = bundle?.entry ?? [];
  need(entries[0]?.resource?.resourceType === 'Composition', 'the Composition must be the first entry');
  const urls = new Set(entries.map((e) => e.fullUrl));
  for (const e of entries)
    need(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(e.fullUrl ?? ''), `fullUrl ${e.fullUrl} is not a urn:uuid`);
  need(urls.size === entries.length, 'every entry once');
  for (const [, ref] of JSON.stringify(bundle).matchAll(/"reference":"([^"]+)"/g)) need(urls.has(ref), `reference ${ref} is not an entry of the bundle`);
  const c = entries[0]?.resource ?? {};
  need(c.meta?.profile?.includes(`https://nrces.in/ndhm/fhir/r4/StructureDefinition/${profile}`), `Composition.meta.profile must name ${profile}`);
  for (const field of ['status', 'subject', 'date', 'author', 'title'] as const) need(c[field], `Composition.${field} is required`);
  need(
    c.type?.coding?.some((t: any) => t.system === rules.type.system && t.code === rules.type.code),
    `Composition.type must be ${rules.type.system}|${rules.type.code}`,
  );
  if (rules.needsEncounter) need(c.encounter?.reference, `Composition.encounter is required for ${profile}`);
  need(c.section?.length >= 1, 'at least one section');
  for (const section of c.section ?? []) {
    need(
      section.code?.coding?.some((x: any) => (rules.sections as readonly string[]).includes(x.code)),
      `section ${section.title} has no code of the ${profile} slices`,
    );
    need(section.entry?.length >= 1, `section ${section.title} has no entry`);
  }
  return problems;
}
