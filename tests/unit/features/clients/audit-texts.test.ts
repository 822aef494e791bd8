// The record's Audit tab has words for every action the server can record. The server's list is
// the contract's AuditAction enum: server/api/audit/data.ts types every recordAudit/withAudit call with it, and
// no call site may cast its way around that type.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../../server/api/contract.ts';
import { isRead } from '../../../../server/api/audit/record-views.ts';
import {
  AUDIT_ACTION_WORDS,
  AUDIT_FILTER_GROUPS,
  AUDIT_OUTCOME_WORDS,
  AUDIT_READ_WORDS,
  AUDIT_UNFILTERED,
} from '../../../../src/features/clients/record/audit-texts.ts';

const schemas = loadContract().document.components.schemas;
const actions: string[] = schemas.AuditAction.enum;
const outcomes: string[] = schemas.AuditOutcome.enum;
const CODE = /\b[a-z]+\.[a-z_.]+\b/;

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return serverFiles(full);
    return d.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the Audit tab words', () => {
  it('name every action the contract lists, in words rather than codes', () => {
    expect(actions.length).toBeGreaterThan(90);
    const missing = actions.filter((a) => !(a in AUDIT_ACTION_WORDS));
    expect(missing).toEqual([]);
    expect(Object.keys(AUDIT_ACTION_WORDS).sort()).toEqual([...actions].sort());
    for (const words of Object.values(AUDIT_ACTION_WORDS)) expect(words).not.toMatch(CODE);
  });

  it('say what a page view read, for every read the server folds into a view', () => {
    const reads = actions.filter(isRead);
    expect(reads.filter((a) => !(a in AUDIT_READ_WORDS))).toEqual([]);
    for (const words of Object.values(AUDIT_READ_WORDS)) expect(words).not.toMatch(CODE);
  });

  it('say how an event ended, for every outcome', () => {
    expect(Object.keys(AUDIT_OUTCOME_WORDS).sort()).toEqual([...outcomes].sort());
  });

  it('offer every action in the filter once, unless it never names a client', () => {
    const offered = AUDIT_FILTER_GROUPS.flatMap((g) => g.actions);
    expect(new Set(offered).size).toBe(offered.length);
    expect(offered.filter((a) => AUDIT_UNFILTERED.includes(a))).toEqual([]);
    expect([...offered, ...AUDIT_UNFILTERED].sort()).toEqual([...actions].sort());
    // Two choices with the same words could not be told apart.
    const labels = offered.map((a) => AUDIT_ACTION_WORDS[a]);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('are needed for every action the server records: no call site casts past the contract type', () => {
    const casts = serverFiles('server')
      .filter((f) => !f.endsWith(path.join('audit', 'data.ts')))
      .filter((f) => /as (unknown as )?AuditAction\b/.test(fs.readFileSync(f, 'utf8')));
    expect(casts).toEqual([]);
  });
});
