// Issue 22, 17: a test in which any request failed that the test did not declare fails, so a
// 500 behind a screen that still looks right cannot pass unnoticed (tests/support/browser.ts).
import { afterEach, expect } from 'vitest';
import { takeUnexpectedFailures } from '../support/browser.ts';

afterEach(() => {
  expect(takeUnexpectedFailures(), 'failed requests the test did not declare with expectFailedRequest').toEqual([]);
});
