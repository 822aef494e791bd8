// The words of privacy's refusals, its "your data is ready" and "could not be prepared" mails and the archive's summary (issue 38), in one place.
export const PRIVACY_TEXTS = {
  clientRequired: 'Staff name the client whose data to export.',
  noClient: 'No such client.',
  underWay: 'An export of this client’s data is already being prepared: it will be ready shortly.',
  notReady: 'This export is not ready yet: it can be downloaded once it is ready.',
  expired: 'This export has expired and its archive was deleted: ask for a new one.',
  fileName: (day: string) => `my-data-${day}.zip`,
  readySubject: (clinic: string) => `${clinic}: your data is ready to download`,
  readyBody: (name: string, clinic: string, until: string) =>
    `Dear ${name},\n\nThe copy of the data ${clinic} holds about you, which you asked for, is ready. ` +
    `Download it from your profile in the portal ("Download my data") by ${until}; after that it is deleted and you can ask for a new one.\n`,
  failedSubject: (clinic: string) => `${clinic}: your data could not be prepared`,
  failedBody: (name: string, clinic: string) =>
    `Dear ${name},\n\nThe copy of the data ${clinic} holds about you, which you asked for, could not be prepared, and nothing of it was kept. ` +
    `Please ask again from your profile in the portal ("Download my data"); if it fails again, the clinic's front desk can help.\n`,
  readme: (clinic: string, at: string) =>
    `Everything ${clinic} holds about you, as of ${at}.\n\n` +
    `summary.pdf  a readable summary.\n` +
    `<section>.json  each section's records, table by table, as the clinic's database holds them.\n` +
    `files/  documents your records hold (lab reports, files you attached to support messages).\n\n` +
    `Your Aadhaar number is held sealed and is not in this archive; its last four digits are in profile.json.\n`,
  summary: {
    title: (clinic: string) => `${clinic}: the data we hold about you`,
    prepared: (name: string, day: string) => `Prepared for ${name} on ${day}.`,
    intro:
      'This summary lists what the clinic holds about you. The JSON files in the same archive hold every record in full; ' +
      'the Data Protection Board of India hears complaints the clinic has not resolved.',
    profileHeading: 'Your profile',
    fields: {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      dateOfBirth: 'Date of birth',
      address: 'Address',
      aadhaar: 'Aadhaar',
      joined: 'Client since',
    },
    aadhaarMasked: (last4: string) => `XXXX XXXX ${last4} (the full number is held sealed and not exported)`,
    sectionsHeading: 'What the archive holds',
    sectionLine: (title: string, key: string, count: number) => `${title} (${key}.json): ${count} ${count === 1 ? 'record' : 'records'}`,
    viewsHeading: 'Who viewed or changed your record',
    noViews: 'No one has viewed your record.',
    viewsShown: 500,
    viewsMore: (n: number) => `${n} earlier entries are in record-views.json.`,
    refused: 'refused',
    systemActor: 'The clinic’s system',
  },
} as const;
