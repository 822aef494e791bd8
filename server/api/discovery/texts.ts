// Every refusal and message of the discovery API, in one place (tests assert these).
export const DISCOVERY_TEXTS = {
  staffOnly: 'Only clinic staff may use discovery.',
  contactNeeded: 'Give a phone number or an email.',
  possibleDuplicate: 'This phone or email matches someone the clinic already knows. Check the list, or save anyway with confirm_duplicate.',
  noOwner: 'No such staff member.',
  notProspect: 'This person is not a prospect any more.',
  reasonNeeded: 'Give a reason.',
  nurtureDateNeeded: 'Give the date to follow up.',
  enrolByConverting: 'A prospect is enrolled by converting them into a client.',
  emailNeeded: 'An email is needed to invite the new client to sign in.',
  emailTaken: 'A user with this email already exists.',
  noProgram: 'No such program.',
  inactiveProgram: 'This program is not offered any more (inactive).',
  noService: 'No such service.',
  inactiveService: 'This service is not offered any more (inactive).',
  visitSigned: 'This visit note is signed and locked.',
  authorSigns: 'Only the author of this visit note may sign it.',
  outcomeNeeded: 'Choose the outcome before signing.',
  beforeVisit: (when: string) => `This visit note cannot be signed before its visit (${when}).`,
  consentNeeded: 'We can only get back to you if you agree to be contacted.',
  enquiryReceived: 'Thank you. The clinic will get in touch with you soon.',
  enquiryLimit: 'Too many enquiries from this address. Please try again later.',
  ownerNotice: {
    subject: 'A new enquiry for the discovery pipeline',
    body: (clinic: string, link: string) => `A new enquiry arrived from ${clinic}'s website form. Open the prospect: ${link}`,
  },
} as const;

/** How many enquiries one sender address may send per hour. */
export const ENQUIRY_LIMIT_PER_HOUR = 5;
