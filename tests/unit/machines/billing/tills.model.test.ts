// Every path of the back office's tills, replayed on the production chart: a name is saved only
// when it is one no other till has, and a refusal keeps the form with the server's words.
import { describe, expect, it } from 'vitest';
import { TILL_NAME_PROBLEMS, tillNameProblem } from '../../../../machines/billing/tills-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, REFUSAL, TILLS } from './tills.model.ts';

describeModel('billing tills', model, (snapshot) => {
  const { editing, message, tills } = snapshot.context;
  if (snapshot.value === 'saving') expect(tillNameProblem(editing, tills)).toBeNull();
  if (snapshot.value === 'ready' || snapshot.value === 'loading') expect(editing === null || snapshot.value === 'loading').toBe(true);
  if (message !== null) expect([snapshot.value, message]).toEqual(['editing', REFUSAL]);
  if (editing?.id != null) expect(tills.map((t: { id: number }) => t.id)).toContain(editing.id);
});

describe('a till’s name', () => {
  it('is 1 to 60 characters, trimmed, and no other till’s in any case (its own is kept when renamed)', () => {
    expect(tillNameProblem({ id: null, name: '   ' }, TILLS)).toBe(TILL_NAME_PROBLEMS.empty);
    expect(tillNameProblem({ id: null, name: 'x'.repeat(61) }, TILLS)).toBe(TILL_NAME_PROBLEMS.tooLong);
    expect(tillNameProblem({ id: null, name: 'x'.repeat(60) }, TILLS)).toBeNull();
    expect(tillNameProblem({ id: null, name: ' front DESK ' }, TILLS)).toBe(TILL_NAME_PROBLEMS.taken);
    expect(tillNameProblem({ id: 1, name: 'FRONT DESK' }, TILLS)).toBeNull();
    expect(tillNameProblem({ id: 2, name: 'Front desk' }, TILLS)).toBe(TILL_NAME_PROBLEMS.taken);
    expect(tillNameProblem({ id: 2, name: 'Pharmacy' }, TILLS)).toBeNull();
  });
});
