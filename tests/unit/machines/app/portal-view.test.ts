// Spec §6 (issue 22, 5): who sees a portal page of which client, and how.
import { describe, expect, it } from 'vitest';
import { portalViewOf } from '../../../../machines/app/selectors.ts';
import { paths, portalRoutes } from '../../../../src/app/paths.ts';

describe('portalViewOf', () => {
  it('a client uses their own portal and is sent to it from anyone else’s', () => {
    expect(portalViewOf('CLIENT', '12', '12')).toBe('own');
    expect(portalViewOf('CLIENT', '12', '13')).toBe('redirect');
  });

  it('a SUPER_ADMIN sees any client’s portal read-only', () => {
    expect(portalViewOf('SUPER_ADMIN', null, '12')).toBe('readOnly');
  });

  it('only the pages that write nothing, or whose machines start read-only, are open to the read-only viewer', () => {
    const open = (Object.keys(portalRoutes) as Array<keyof typeof portalRoutes>).filter((k) => 'readsOnly' in paths[k]);
    expect(open).toEqual(['portalHome', 'portalReports', 'portalProfile', 'portalOnboard', 'portalThriveCheck', 'portalInvoices', 'portalPackages']);
  });
});
