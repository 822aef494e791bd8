// The plain-language reading of a thrive check: the §9 cap and "<1" shown as words, factors
// named largest first, the validated-age warning only outside 30-74.
import { describe, expect, it } from 'vitest';
import { calculateHeartRisk } from '../../../src/domain/heartRisk';
import { explanation, factorLines, riskText } from '../../../src/features/portal/thrive-check-explain';
import { PORTAL_TEXT } from '../../../src/features/portal/texts';

describe('thrive check explanation', () => {
  it('words the band', () => {
    expect(riskText('<1')).toBe('<1%');
    expect(riskText('>30')).toBe('>30%');
    expect(riskText('13.3')).toBe('13.3%');
    expect(PORTAL_TEXT.riskSentence('<1')).toContain('less than 1%');
    expect(PORTAL_TEXT.riskSentence('>30')).toContain('more than 30%');
    expect(PORTAL_TEXT.riskSentence('25.3')).toContain('25.3%');
  });

  it('names the factors that moved the score, largest first', () => {
    const r = calculateHeartRisk({ sex: 'male', age: 61, hdl_cholesterol: 65, total_cholesterol: 180, smoker: 'yes', diabetic: 'no', treats_hypertension: 'no', systolic_bp: 124 });
    expect(factorLines(r.breakdown)).toEqual(['Age: adds 11 points', 'Smoking: adds 4 points', 'HDL (good) cholesterol: takes away 2 points', 'Total cholesterol: adds 1 point']);
  });

  it('warns outside the validated ages only', () => {
    expect(explanation({ band: '1.6', points: 0, in_validated_age_range: true })).not.toContain(PORTAL_TEXT.outsideAgeRange);
    expect(explanation({ band: '1.6', points: 0, in_validated_age_range: false })).toContain(PORTAL_TEXT.outsideAgeRange);
  });

  it('carries the published caveat about India', () => {
    expect(PORTAL_TEXT.caveat).toMatch(/derived outside India and may underestimate risk/);
  });
});
