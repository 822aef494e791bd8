import { describe, expect, it } from 'vitest';
import {
  clientStorySentences,
  familySentences,
  lifestyleSentences,
  NO_FAMILY_CONDITIONS,
} from '../../../../src/features/clients/record/onboarding-sentences.ts';

describe('onboarding answers as sentences', () => {
  it('reads the lifestyle answers with their labels, not codes', () => {
    const lines = lifestyleSentences({
      schema_version: 1,
      sleep: { hours_per_night: 6, quality: 'poor', wakes_at_night: true },
      activity: { days_per_week: 3, minutes_per_day: 30 },
      diet: { pattern: 'jain', meals_per_day: 3 },
      stress: { level: 7 },
      alcohol: { frequency: 'several_times_a_week', drinks_per_week: 4 },
      tobacco: { status: 'never' },
      caffeine: { cups_per_day: 1 },
      screen_time: { hours_per_day: 5 },
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        'Diet: Jain',
        'Sleep quality: poor',
        'Sleep: 6 hours a night',
        'Alcohol: several times a week, 4 drinks a week',
        'Caffeine: 1 cup a day',
        'Stress level: 7 of 10',
      ]),
    );
    expect(lines.join(' ')).not.toMatch(/_/);
  });
  it('reads family conditions as who, what and since when', () => {
    expect(
      familySentences({
        conditions: [
          { relation: 'father', condition: 'diabetes', age_at_onset: 52 },
          { relation: 'aunt_or_uncle', condition: 'heart_disease', age_at_onset: null },
        ],
      }),
    ).toEqual(['Father — diabetes, from age 52', 'Aunt or uncle — heart disease']);
    expect(familySentences({ conditions: [], none_known: true })).toEqual([NO_FAMILY_CONDITIONS]);
  });
  it('labels the story', () => {
    expect(clientStorySentences({ summary: 'Tired all the time.', concern_duration: '3_to_12_months' })).toEqual([
      'In their words: Tired all the time.',
      'Concern for: 3 to 12 months',
    ]);
  });
});
