// Plain-language reading of a stored heart-risk result for the client (the numbers are the
// server's, as it scored and stored them; this only words them).
import { PORTAL_TEXT } from './texts.ts';

export function riskText(band: string): string {
  return band === '<1' ? '<1%' : band === '>30' ? '>30%' : `${band}%`;
}

export function explanation(result: { band: string; points: number; in_validated_age_range: boolean }): string[] {
  const lines: string[] = [PORTAL_TEXT.riskSentence(result.band), PORTAL_TEXT.pointsSentence(result.points)];
  if (!result.in_validated_age_range) lines.push(PORTAL_TEXT.outsideAgeRange);
  return lines;
}
