// What the cognitive assessment API says when it refuses something (asserted by its tests).
export const COGNITIVE_TEXTS = {
  clientRequired: 'Staff name the client whose results to list.',
  clientsOnly: 'Only the client takes the screening, for themselves.',
  noUser: 'No such user.',
  notAClient: 'Cognitive results are recorded for clients.',
  runEnded: 'This run has ended; start a new one.',
  totalOverMax: 'The total cannot be more than the maximum.',
  domainOverMax: 'A domain score cannot be more than its maximum.',
  futureDate: 'The date cannot be in the future.',
  reviewTarget: 'Name the run or the instrument result to comment on.',
  emptyComment: 'Write a comment.',
  reviewCompletedOnly: 'Only a completed run can be reviewed.',
  missingTasks: (tasks: string[]) => `Every task must be finished first; missing: ${tasks.join(', ')}.`,
} as const;
