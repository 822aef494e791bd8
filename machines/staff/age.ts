// A client's age in whole years from their date of birth, counting 365.25-day years (so leap
// days average out), as the staff pages show it.
const YEAR_MS = 365.25 * 86_400_000;

export function ageInYears(dateOfBirth: string | null | undefined, today: Date = new Date()): number | null {
  if (!dateOfBirth) return null;
  const born = Date.parse(`${dateOfBirth.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(born)) return null;
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (now < born) return null;
  return Math.floor((now - born) / YEAR_MS);
}
