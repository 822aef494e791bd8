// The e2e suite's scan for codes on screen (issue 32): what counts as a code in visible text.
import { describe, expect, it } from 'vitest';
import { codesIn } from '../../support/codes-on-screen.ts';

describe('codes on screen', () => {
  it('finds snake_case words and staff numbers', () => {
    expect(codesIn('Before starting: screening.missing, vitals_before.systolic')).toEqual(['vitals_before']);
    expect(codesIn('Service: intake_call · Staff 69')).toEqual(['intake_call', 'Staff 69']);
    expect(codesIn('Status: checked_in.')).toEqual(['checked_in']);
  });

  it('leaves words, e-mail addresses, web addresses, paths, file names and user agents alone', () => {
    expect(codesIn('Before starting: Systolic BP before, Heart rate before. Staff: Kavya Nair. 10 HBOT sessions')).toEqual([]);
    expect(codesIn('first_last@clinic.test https://x.test/a_b /client/red_light/4/visit/9 lab_report_2026.pdf')).toEqual([]);
    expect(codesIn('Staff member, Staff')).toEqual([]);
    // The audit trail's device: the browser's own words, not ours.
    expect(codesIn('The client — Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)')).toEqual([]);
    expect(codesIn('Device: x86_64 cpu_arch')).toEqual(['x86_64', 'cpu_arch']);
  });
});
