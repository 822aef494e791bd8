// The support domain's staff queue, which the record shows in its Support tab (issue 32).
export { SupportQueueSection } from '../../../features/support/index.ts';
