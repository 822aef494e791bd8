// The one place codes become words (issue 32): what the examples of the issue read as now.
import { describe, expect, it } from 'vitest';
import { answerWords, fieldPathList, fieldPathWords, listWords, personName, words, wordsInSentence, yesNo } from '../../../../machines/rules/words.ts';

const SNAKE = /\b[a-z0-9]+(?:_[a-z0-9]+)+\b/;

describe('words', () => {
  it('names therapies and services as the clinic says them', () => {
    expect(words('hbot')).toBe('HBOT');
    expect(words('intake_call')).toBe('Intake call');
    expect(words('red_light')).toBe('Red light therapy');
    expect(words('iv')).toBe('IV therapy');
    expect(words('consultation')).toBe('Consultation');
  });

  it('turns any other code into words, never underscores', () => {
    expect(words('soft')).toBe('Soft');
    expect(words('peripheral_iv')).toBe('Peripheral IV');
    expect(words('website_form')).toBe('Website form');
    expect(words('under_3_months')).toBe('Under 3 months');
    expect(words('NURSE')).toBe('Nurse');
    expect(words('HEALTH_COACH')).toBe('Health coach');
    expect(words('SOME_NEW_CODE')).toBe('Some new code');
    expect(words('')).toBe('—');
    // Names and units are words already.
    expect(words('Hydration plus')).toBe('Hydration plus');
    expect(words('µT')).toBe('µT');
    expect(words('mT')).toBe('mT');
    expect(words('VC-2031 · 20 g')).toBe('VC-2031 · 20 g');
    expect(words(null)).toBe('—');
    for (const code of ['checked_in', 'no_show', 'needs_override', 'collector_assigned', 'infrared_sauna']) expect(words(code)).not.toMatch(SNAKE);
  });

  it('keeps names and acronyms inside a sentence, lowers plain words', () => {
    expect(wordsInSentence('checked_in')).toBe('checked in');
    expect(wordsInSentence('hbot')).toBe('HBOT');
    expect(wordsInSentence('collector_assigned')).toBe('collector assigned');
  });

  it('says yes and no, and answers of any kind', () => {
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
    expect(yesNo(null)).toBe('—');
    expect(answerWords(true)).toBe('Yes');
    expect(answerWords('3_to_12_months')).toBe('3 to 12 months');
    expect(answerWords('Ragi porridge')).toBe('Ragi porridge');
    expect(answerWords(42)).toBe('42');
    expect(listWords(['hbot', 'red_light'])).toBe('HBOT, Red light therapy');
    expect(listWords([])).toBe('—');
  });

  it("names a chart's fields by their labels, before and after", () => {
    expect(fieldPathWords('vitals_before.systolic')).toBe('Systolic BP before');
    expect(fieldPathWords('vitals_after.heart_rate')).toBe('Heart rate after');
    expect(fieldPathWords('parameters.chamber_type', 'hbot')).toBe('Chamber type');
    expect(fieldPathWords('parameters.ingredients', 'iv')).toBe('Ingredients');
    expect(fieldPathWords('screening.missing')).toBe('Contraindication screening not done');
    expect(fieldPathWords('vitals_before.systolic.blocking')).toBe('Systolic BP before above the clinic’s limit');
    const list = fieldPathList(['screening.missing', 'vitals_before.systolic', 'vitals_before.diastolic', 'vitals_before.heart_rate'], 'hbot');
    expect(list).toBe('Contraindication screening not done, Systolic BP before, Diastolic BP before, Heart rate before');
    expect(list).not.toMatch(SNAKE);
  });

  it('names a person, never by their number', () => {
    expect(personName('Kavya Nair')).toBe('Kavya Nair');
    expect(personName(null)).toBe('A former staff member');
    expect(personName('  ')).toBe('A former staff member');
  });
});
