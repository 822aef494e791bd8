// Where a client is in a program, as the portal home shows it: the week they are in (counting
// from the start date, week 1 on the first day) out of the program's weeks, and the share done.
// A completed enrollment is the whole program.

const WEEK_MS = 7 * 86_400_000;

export interface ProgramProgress {
  week: number;
  total: number;
  percent: number;
}

export function programProgress(
  enrollment: { status: string; start_date: string },
  program: { duration_weeks: number } | undefined,
  today: number = Date.now(),
): ProgramProgress | null {
  if (!program) return null;
  const total = program.duration_weeks;
  if (enrollment.status === 'completed') return { week: total, total, percent: 100 };
  const elapsed = Math.max(0, today - Date.parse(`${enrollment.start_date}T00:00:00Z`));
  const week = Math.floor(elapsed / WEEK_MS) + 1;
  return { week, total, percent: Math.min(100, Math.round(((week - 1) / total) * 100)) };
}
