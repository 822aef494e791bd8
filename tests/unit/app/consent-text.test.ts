// The HIPAA authorization names the clinic the client signs it with: the name set on /backoffice
// (issue 24), never the product's hard-coded one.
import { describe, expect, it } from 'vitest';
import { consentSections } from '../../../src/app/shell/consent-text.tsx';

describe('consent text', () => {
  it('names the clinic wherever the authorization speaks of it, and nothing else changes', () => {
    const named = consentSections('Sunrise Wellness Kochi');
    const text = named.map((s) => s.body).join('\n');
    expect(text).toContain('Your protected health information held by Sunrise Wellness Kochi:');
    expect(text).toContain('Sunrise Wellness Kochi and its clinical and administrative staff');
    expect(text).not.toContain('Thrive Clinic');
    expect(text).not.toContain('{clinic}');
    const other = consentSections('Thrive Clinic');
    expect(other.map((s) => s.heading)).toEqual(named.map((s) => s.heading));
  });
});
