// Loaded into a test server with NODE_OPTIONS=--import (tests/reliability/restart-recipe.test.ts),
// never by the product: a request carrying `x-inject-fault` sets off, beside its normal handling,
// the fault it names, where no handler or job can catch it:
//   reject: a promise nobody awaits rejects;  throw: a callback throws on the next turn;
//   both: each of these.
import dc from 'node:diagnostics_channel';
import { setImmediate } from 'node:timers';

dc.subscribe('http.server.request.start', ({ request }) => {
  const kind = request.headers['x-inject-fault'];
  if (kind === 'reject' || kind === 'both') void Promise.reject(new Error('injected rejection'));
  if (kind === 'throw' || kind === 'both') {
    setImmediate(() => {
      throw new Error('injected throw');
    });
  }
});
