// Every sentence of the support desk, in one place: the views, the server and the tests read them here.
export const SUPPORT_TEXTS = {
  title: 'Support',
  newTicket: 'New ticket',
  category: 'Category',
  subject: 'Subject',
  message: 'Message',
  appointment: 'About an appointment (optional)',
  noAppointment: 'None',
  labOrder: 'About a lab order (optional)',
  aboutAppointment: (id: number) => `About appointment #${id}`,
  aboutLabOrder: (id: number) => `About lab order #${id}`,
  attach: 'Attach images or PDF',
  send: 'Send',
  reply: 'Reply',
  yourTickets: 'Your tickets',
  noTickets: 'You have no support tickets yet.',
  internalNote: 'Internal note (the client never sees it)',
  cannedReply: 'Canned reply',
  assignee: 'Assignee',
  unassigned: 'Unassigned',
  status: 'Status',
  age: 'Age',
  anyAge: 'Any age',
  olderThan: (days: number) => (days === 1 ? 'A day or older' : `${days} days or older`),
  closedNoReply: 'This ticket is closed. Open a new ticket if you need more help.',
  /** Staff: the queue of the categories their role answers (issue 32). */
  staffTitle: 'Support',
  yourCategories: (labels: string[]) => `The tickets you answer: ${labels.join(', ')}. An administrator chooses who answers what in the back office.`,
  noCategories: 'Your role answers no ticket category. An administrator chooses who answers what in the back office.',
  openForClient: 'Open a ticket for this client',
  done: { opened: 'Ticket opened.', sent: 'Sent.', moved: 'Status changed.', assigned: 'Assignee changed.' },
  errors: {
    noClient: 'No such client.',
    notYourAppointment: 'Not one of this client’s appointments.',
    notYourLabOrder: 'Not one of this client’s lab orders.',
    notAType: 'Only images (PNG, JPEG, GIF, WebP) or PDF files may be attached.',
    tooBig: 'Each attachment may be at most 10 MB.',
    notBase64: 'Must be the file’s content in base64.',
    empty: 'The file is empty.',
    unknownAttachment: 'No such attachment, or it is attached already.',
    noAssignee: 'Not a member of the clinic staff.',
    clientNotes: 'Only clinic staff may write internal notes.',
    closed: 'This ticket is closed.',
  },
  notify: {
    // The clinic's name (set on /backoffice) says who replied, in the subject and the SMS alike.
    subject: (clinic: string) => `${clinic} replied to your support ticket`,
    body: (clinic: string, ticket: number, subject: string) =>
      `${clinic} replied to your ticket #${ticket} “${subject}”. Sign in to the portal to read it and reply.`,
    sms: (clinic: string, ticket: number) => `${clinic} replied to your support ticket #${ticket}. Sign in to the portal to read it.`,
  },
} as const;

export const STATUS_LABELS = {
  new: 'New',
  open: 'Open',
  pending: 'Waiting on you',
  on_hold: 'On hold',
  solved: 'Solved',
  closed: 'Closed',
} as const;

/** Staff words for the same statuses (the queue and the ticket page). */
export const STAFF_STATUS_LABELS = { ...STATUS_LABELS, pending: 'Pending (waiting on the client)' } as const;

/** Replies the clinic sends often; staff pick one and edit it before sending. */
export const CANNED_REPLIES = [
  { id: 'thanks', title: 'Thanks, looking into it', body: 'Thank you for writing to us. We are looking into this and will get back to you shortly.' },
  {
    id: 'more-info',
    title: 'Need more details',
    body: 'Could you tell us a little more (the date, the appointment or the screen you were on)? That helps us sort this out quickly.',
  },
  { id: 'resolved', title: 'Resolved', body: 'This should now be resolved. If anything is still not right, just reply to this ticket.' },
] as const;
