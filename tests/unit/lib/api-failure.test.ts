// The one way an API failure becomes words (spec §8): no answer, 401, 403 and 5xx have their fixed
// texts; anything else is the server's detail or 'An unknown error occurred'; field reasons read as
// the catalogue's sentences (src/lib/field-messages.ts), the server's detail kept beside them.
import { describe, expect, it } from 'vitest';
import { ApiFailure, failureText, refusedLocally, unwrap, unwrapRefusal } from '../../../src/lib/api-failure.ts';
import { PROFILE_ERROR_401, PROFILE_ERROR_403, PROFILE_ERROR_5XX, PROFILE_ERROR_NETWORK, PROFILE_ERROR_UNKNOWN } from '../../../src/app/shell-text.ts';

const answer = (status: number, body?: unknown) => ({ response: new Response(null, { status }), ...(status < 400 ? { data: body } : { error: body }) });

describe('API failures in the words of spec §8', () => {
  it('maps statuses to the catalogue', () => {
    expect(failureText(0)).toBe(PROFILE_ERROR_NETWORK);
    expect(failureText(401, 'Token expired')).toBe(PROFILE_ERROR_401);
    expect(failureText(403, 'Staff only.')).toBe(PROFILE_ERROR_403);
    expect(failureText(500)).toBe(PROFILE_ERROR_5XX);
    expect(failureText(503, 'down')).toBe(PROFILE_ERROR_5XX);
    expect(failureText(409, 'This enrollment cannot go from completed to active.')).toBe('This enrollment cannot go from completed to active.');
    expect(failureText(404)).toBe(PROFILE_ERROR_UNKNOWN);
  });

  it('unwraps data, and turns refusals and lost requests into ApiFailures', async () => {
    expect(await unwrap(Promise.resolve(answer(200, { id: 3 })))).toEqual({ id: 3 });
    const refused = await unwrap(
      Promise.resolve(
        answer(400, { detail: 'Invalid abha_number: Must match pattern "^[0-9]{14}$"', errors: { abha_number: ['Must match pattern "^[0-9]{14}$"'] } }),
      ),
    ).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect(refused).toMatchObject({
      status: 400,
      message: 'ABHA number has 14 digits.',
      detail: 'Invalid abha_number: Must match pattern "^[0-9]{14}$"',
      fieldErrors: { abha_number: ['ABHA number has 14 digits.'] },
    });
    // A refusal of the whole body keeps the server's words.
    const malformed = await unwrap(Promise.resolve(answer(400, { detail: 'Malformed JSON in request body.', errors: { body: ['Is invalid.'] } }))).catch(
      (e) => e,
    );
    expect((malformed as ApiFailure).message).toBe('Malformed JSON in request body.');
    const lost = await unwrap(Promise.reject(new TypeError('Failed to fetch'))).catch((e) => e);
    expect(lost).toMatchObject({ status: 0, message: PROFILE_ERROR_NETWORK, fieldErrors: {} });
    const forbidden = await unwrap(Promise.resolve(answer(403, { detail: 'Staff only.' }))).catch((e) => e);
    expect(forbidden).toMatchObject({ status: 403, message: PROFILE_ERROR_403, detail: 'Staff only.' });
  });

  it("words a local refusal like the server's 400", () => {
    expect(refusedLocally({ date_of_birth: ['Must not be in the future.'] })).toMatchObject({
      status: 400,
      detail: 'Invalid date_of_birth: Must not be in the future.',
      message: 'Date of birth must not be in the future.',
      fieldErrors: { date_of_birth: ['Date of birth must not be in the future.'] },
    });
  });

  it('lets one refusal say more than its detail, and leaves every other answer to unwrap', async () => {
    const conflicts = (body: unknown) => ((body as { conflicts?: unknown[] }).conflicts ? new ApiFailure(409, 'In the way.') : null);
    expect(await unwrapRefusal(Promise.resolve(answer(200, { id: 4 })), 409, conflicts)).toEqual({ id: 4 });
    expect(await unwrapRefusal(Promise.resolve(answer(409, { detail: 'Taken.', conflicts: [1] })), 409, conflicts).catch((e) => e)).toMatchObject({
      status: 409,
      message: 'In the way.',
    });
    // The same status without what the refusal reads, or another status: unwrap's failure.
    expect(await unwrapRefusal(Promise.resolve(answer(409, { detail: 'Taken.' })), 409, conflicts).catch((e) => e)).toMatchObject({
      status: 409,
      message: 'Taken.',
    });
    expect(await unwrapRefusal(Promise.resolve(answer(500, { conflicts: [1] })), 409, conflicts).catch((e) => e)).toMatchObject({
      status: 500,
      message: PROFILE_ERROR_5XX,
    });
    expect(await unwrapRefusal(Promise.reject(new TypeError('Failed to fetch')), 409, conflicts).catch((e) => e)).toMatchObject({
      status: 0,
      message: PROFILE_ERROR_NETWORK,
    });
  });
});
