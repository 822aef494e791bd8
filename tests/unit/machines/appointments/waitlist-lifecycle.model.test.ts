// Every path of the waitlist's charts, replayed on the production machines: an entry is booked once
// and stays booked; an offer is accepted or gone, and then takes no verb at all.
import { expect } from 'vitest';
import { waitlistEntryLifecycle, waitlistOfferLifecycle } from '../../../../machines/appointments/waitlist-lifecycle.ts';
import { nextSteps } from '../../../../machines/lifecycle/lifecycle.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { entryModel, offerModel } from './waitlist-lifecycle.model.ts';

const EXPECTED: Record<string, string> = { 'entry.book': 'booked', 'offer.accept': 'accepted', 'offer.withdraw': 'gone' };

describeModel('waitlist entry lifecycle', entryModel, (snapshot, event) => {
  expect(snapshot.value).toBe(EXPECTED[event.type]);
  expect(nextSteps(waitlistEntryLifecycle, snapshot.value as string)).toEqual([]);
});

describeModel('waitlist offer lifecycle', offerModel, (snapshot, event) => {
  expect(snapshot.value).toBe(EXPECTED[event.type]);
  expect(nextSteps(waitlistOfferLifecycle, snapshot.value as string)).toEqual([]);
});
