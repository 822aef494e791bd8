// Issue 22, 17 (and 32: codes on screen): a test in which any request failed that the test did not declare fails, so a
// 500 behind a screen that still looks right cannot pass unnoticed (tests/support/browser.ts).
import { afterEach, expect } from 'vitest';
import { takeUnexpectedFailures } from '../support/browser.ts';
import { takeCodesOnScreen } from '../support/codes-on-screen.ts';

afterEach(() => {
  const failures = takeUnexpectedFailures();
  // Issue 32: no field or value code, and no "Staff <number>", in the visible text of any page.
  const codes = takeCodesOnScreen();
  expect(failures, 'failed requests the test did not declare with expectFailedRequest').toEqual([]);
  expect(codes, 'codes on screen (snake_case words or "Staff <number>"): say them in words (machines/rules/words.ts)').toEqual([]);
});
