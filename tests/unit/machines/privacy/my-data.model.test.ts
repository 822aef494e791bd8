// Every path of the "Download my data" card's chart replayed on the production machine: a new
// export is asked for only by the client, only with none under way; what the card says afterwards
// matches what the server answered.
import { expect } from 'vitest';
import { mayRequestExport } from '../../../../machines/privacy/my-data-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model } from './my-data.model.ts';

describeModel('my data card', model, (snapshot, event) => {
  const c = snapshot.context;
  if (snapshot.value === 'requesting') {
    expect(event.type).toBe('data.request');
    expect(c.readOnly).toBe(false);
  }
  if (event.type === 'data.request' && snapshot.value === 'requesting') expect(mayRequestExport({ ...c, exports: c.exports })).toBe(true);
  if (c.readOnly) expect(c.message).toBeNull();
});
