// Dates, times, numbers and amounts are written by src/lib/format.ts alone (clinic locale and zone).
// A source scan keeps it so: a screen that formats for itself would bring back 11/23/2026 or 9:00 AM.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FORMAT_MODULE = path.join('src', 'lib', 'format.ts');
const OWN_FORMATTING =
  /\.toLocale(?:Date|Time)?String\s*\(|\bIntl\s*\.\s*(?:DateTimeFormat|NumberFormat|RelativeTimeFormat)\b|\.toDateString\s*\(|\.toTimeString\s*\(/;
// "Today" (or a day counted from now) cut from the UTC instant: yesterday in Kolkata until 05:30.
// The clinic's day comes from clinicToday/clinicDayFrom (src/lib/format.ts) or, on the server,
// clinicToday (server/api/clinic/data.ts), both on scheduling's wall-calendar rule.
const UTC_TODAY =
  /new\s+Date\(\s*(?:Date\.now\(\)[^;]*?)?\)\s*\.toISOString\(\)\s*\.(?:(?:slice|substring|substr)\(\s*0\s*,\s*10\s*\)|split\(\s*['"]T['"]\s*\))/;

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

function offenders(dir: string, pattern: RegExp = OWN_FORMATTING): string[] {
  return sources(dir)
    .filter((file) => file !== FORMAT_MODULE)
    .flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe('one formatting module', () => {
  it('recognises a screen formatting a date, time or number itself', () => {
    for (const line of [
      "new Date(iso).toLocaleDateString('en-IN')",
      'd.toLocaleTimeString()',
      "value.toLocaleString('en-IN')",
      "new Intl.DateTimeFormat('en-IN', { timeZone: zone })",
      "new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })",
    ])
      expect(line).toMatch(OWN_FORMATTING);
    expect('formatDateTime(m.created_at)').not.toMatch(OWN_FORMATTING);
  });

  it('no file under src/features, src/app or src/lib formats for itself (only src/lib/format.ts)', () => {
    expect([...offenders(path.join('src', 'features')), ...offenders(path.join('src', 'app')), ...offenders(path.join('src', 'lib'))]).toEqual([]);
  });

  it("recognises today taken as the UTC day, and lets a stored day's own date through", () => {
    for (const line of [
      'const today = new Date().toISOString().slice(0, 10);',
      'const isoDay = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);',
      'new Date(Date.now() - days * 86_400_000).toISOString().substring(0, 10)',
      "new Date().toISOString().split('T')[0]",
    ])
      expect(line).toMatch(UTC_TODAY);
    for (const line of [
      'const today = clinicToday();',
      'const day = (d: Date) => d.toISOString().slice(0, 10);',
      'new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)',
    ])
      expect(line).not.toMatch(UTC_TODAY);
  });

  it('no file under src, server or machines takes today as the UTC day', () => {
    expect([...offenders('src', UTC_TODAY), ...offenders('server', UTC_TODAY), ...offenders('machines', UTC_TODAY)]).toEqual([]);
  });
});
