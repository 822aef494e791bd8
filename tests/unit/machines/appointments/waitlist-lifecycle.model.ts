// The waitlist's two charts: every verb tried in every status.
import { waitlistEntryLifecycle, waitlistOfferLifecycle } from '../../../../machines/appointments/waitlist-lifecycle.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const entryModel: MachineModel = {
  machine: waitlistEntryLifecycle,
  specs: [{ events: [{ type: 'entry.book' }] }],
};

export const offerModel: MachineModel = {
  machine: waitlistOfferLifecycle,
  specs: [{ events: [{ type: 'offer.accept' }, { type: 'offer.withdraw' }] }],
};
