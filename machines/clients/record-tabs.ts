// The client record's tabs (issue 24): which tab a URL opens, and the audit tab's page and filter.
// The URL is the only state: a link opens a tab, Back returns to the previous one, and the views
// read it through these rules instead of keeping their own.

export const RECORD_TABS = [
  'overview',
  'profile',
  'onboarding',
  'programs',
  'appointments',
  'visits',
  'labs',
  'assessments',
  'support',
  'thrive',
  'consent',
  'audit',
] as const;
export type RecordTab = (typeof RECORD_TABS)[number];

/** Tabs only some roles see: the audit trail is for ADMIN and SUPER_ADMIN. */
const ADMIN_TABS: readonly RecordTab[] = ['audit'];

export function visibleTabs(isAdmin: boolean): RecordTab[] {
  return RECORD_TABS.filter((tab) => isAdmin || !ADMIN_TABS.includes(tab));
}

/** The tab `?tab=` names, when this user may see it; the overview otherwise. */
export function tabOf(search: string, isAdmin: boolean): RecordTab {
  const wanted = new URLSearchParams(search).get('tab');
  return visibleTabs(isAdmin).find((tab) => tab === wanted) ?? 'overview';
}

/** The query of a tab's link, for getHref (none: the overview is the record's plain address). */
export function tabQuery(tab: RecordTab): Record<string, string> | undefined {
  return tab === 'overview' ? undefined : { tab };
}

/** The search part of a tab's link (the overview is the record's plain address). */
export function tabSearch(tab: RecordTab): string {
  const query = tabQuery(tab);
  return query ? `?${new URLSearchParams(query).toString()}` : '';
}

export const AUDIT_PAGE_SIZE = 20;

export interface AuditView {
  page: number;
  /** One audit action, or null for every event. */
  action: string | null;
}

/** The audit tab's page and filter from the URL; a page below 1 or not a number is page 1. */
export function auditViewOf(search: string): AuditView {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, action: params.get('action') || null };
}

/** The query of the audit tab's link for a page and filter, for getHref; changing the filter starts again at page 1. */
export function auditQuery(view: AuditView): Record<string, string> {
  return { tab: 'audit', ...(view.action ? { action: view.action } : {}), ...(view.page > 1 ? { page: String(view.page) } : {}) };
}

/** The search part of the audit tab's link for a page and filter. */
export function auditSearch(view: AuditView): string {
  return `?${new URLSearchParams(auditQuery(view)).toString()}`;
}

export function pageCount(count: number, pageSize = AUDIT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
