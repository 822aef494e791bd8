// The plain-language reading of a thrive check: the §9 cap and "<1" shown as words, the
// validated-age warning only outside 30-74.
import { describe, expect, it } from 'vitest';
import { explanation, riskText } from '../../../../src/features/clients/portal/thrive-check-explain.ts';
import { PORTAL_TEXT } from '../../../../src/features/clients/portal/texts.ts';

describe('thrive check explanation', () => {
  it('words the band', () => {
    expect(riskText('<1')).toBe('<1%');
    expect(riskText('>30')).toBe('>30%');
    expect(riskText('13.3')).toBe('13.3%');
    expect(PORTAL_TEXT.riskSentence('<1')).toContain('less than 1%');
    expect(PORTAL_TEXT.riskSentence('>30')).toContain('more than 30%');
    expect(PORTAL_TEXT.riskSentence('25.3')).toContain('25.3%');
  });

  it('warns outside the validated ages only', () => {
    expect(explanation({ band: '1.6', points: 0, in_validated_age_range: true })).not.toContain(PORTAL_TEXT.outsideAgeRange);
    expect(explanation({ band: '1.6', points: 0, in_validated_age_range: false })).toContain(PORTAL_TEXT.outsideAgeRange);
  });

  it('carries the published caveat about India', () => {
    expect(PORTAL_TEXT.caveat).toMatch(/derived outside India and may underestimate risk/);
  });
});
