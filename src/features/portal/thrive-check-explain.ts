// Plain-language reading of a heart-risk result for the client (the numbers come from the
// shared heart-risk function; this only words them).
import type { HeartRiskFactor } from '../../domain/heartRisk';
import { FACTOR_LABELS, PORTAL_TEXT } from './texts';

export function riskText(band: string): string {
  return band === '<1' ? '<1%' : band === '>30' ? '>30%' : `${band}%`;
}

/** One line per factor that moved the score, largest first. */
export function factorLines(breakdown: Record<HeartRiskFactor, number>): string[] {
  return (Object.entries(breakdown) as Array<[HeartRiskFactor, number]>)
    .filter(([, points]) => points !== 0)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .map(([factor, points]) => `${FACTOR_LABELS[factor]}: ${points > 0 ? `adds ${points}` : `takes away ${-points}`} point${Math.abs(points) === 1 ? '' : 's'}`);
}

export function explanation(result: { band: string; points: number; in_validated_age_range: boolean }): string[] {
  const lines: string[] = [PORTAL_TEXT.riskSentence(result.band), PORTAL_TEXT.pointsSentence(result.points)];
  if (!result.in_validated_age_range) lines.push(PORTAL_TEXT.outsideAgeRange);
  return lines;
}
