import { describe, expect, it } from 'vitest';
import { auditSearch, auditViewOf, pageCount, tabOf, tabSearch, visibleTabs } from '../../../../machines/clients/record-tabs.ts';

describe('the client record’s tabs', () => {
  it('opens the tab the URL names, the overview when it names none or an unknown one', () => {
    expect(tabOf('?tab=visits', false)).toBe('visits');
    expect(tabOf('', false)).toBe('overview');
    expect(tabOf('?tab=nonsense', true)).toBe('overview');
  });
  it('opens the audit tab only for administrators', () => {
    expect(tabOf('?tab=audit', false)).toBe('overview');
    expect(tabOf('?tab=audit', true)).toBe('audit');
    expect(visibleTabs(false)).not.toContain('audit');
  });
  it('links each tab, the overview being the record itself', () => {
    expect(tabSearch('overview')).toBe('');
    expect(tabSearch('labs')).toBe('?tab=labs');
    expect(tabOf(tabSearch('labs'), false)).toBe('labs');
  });
  it('reads and writes the audit page and filter', () => {
    expect(auditViewOf('?tab=audit&page=3&action=consent.read')).toEqual({ page: 3, action: 'consent.read' });
    expect(auditViewOf('?tab=audit&page=-2')).toEqual({ page: 1, action: null });
    expect(auditSearch({ page: 1, action: null })).toBe('?tab=audit');
    expect(auditViewOf(auditSearch({ page: 2, action: 'record.view' }))).toEqual({ page: 2, action: 'record.view' });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(41)).toBe(3);
  });
});
