// The billing reports' pure rules (issue 35, docs/billing.md "Reports"): ageing buckets at their
// edges, the range a report accepts, the clinic's days as instants, and the CSV a spreadsheet
// opens as written and never runs as a formula.
import { describe, expect, it } from 'vitest';
import {
  ageingBucket,
  ageingRows,
  clinicDaysSpan,
  csvCell,
  csvRupees,
  REPORT_TEXTS,
  reportCsv,
  reportRangeProblems,
  toCsv,
  totalRow,
} from '../../../../machines/billing/reports.ts';

describe('ageing buckets', () => {
  it.each([
    ['2026-11-28', 'days_0_30_paise'],
    ['2026-10-29', 'days_0_30_paise'], // 30 days
    ['2026-10-28', 'days_31_60_paise'], // 31
    ['2026-09-29', 'days_31_60_paise'], // 60
    ['2026-09-28', 'days_61_90_paise'], // 61
    ['2026-08-30', 'days_61_90_paise'], // 90
    ['2026-08-29', 'days_over_90_paise'], // 91
    ['2025-11-28', 'days_over_90_paise'],
  ])('issued %s, as of 2026-11-28: %s', (issued, bucket) => {
    expect(ageingBucket(issued, '2026-11-28')).toBe(bucket);
  });

  it('counts whole calendar days across a leap day', () => {
    // 2028-02-29 exists: 1 February to 2 March 2028 is 30 days.
    expect(ageingBucket('2028-02-01', '2028-03-02')).toBe('days_0_30_paise');
    expect(ageingBucket('2028-02-01', '2028-03-03')).toBe('days_31_60_paise');
  });

  it('groups documents per client, largest debt first, and totals every bucket', () => {
    const rows = ageingRows(
      [
        { client: 7, name: 'Asha Kulkarni', issued_on: '2026-11-01', due_paise: 10_000 },
        { client: 9, name: 'Ravi Rao', issued_on: '2026-07-01', due_paise: 50_000 },
        { client: 7, name: 'Asha Kulkarni', issued_on: '2026-09-28', due_paise: 25_000 },
      ],
      '2026-11-28',
    );
    expect(rows).toEqual([
      {
        label: 'Ravi Rao',
        client: 9,
        documents: 1,
        days_0_30_paise: 0,
        days_31_60_paise: 0,
        days_61_90_paise: 0,
        days_over_90_paise: 50_000,
        due_paise: 50_000,
      },
      {
        label: 'Asha Kulkarni',
        client: 7,
        documents: 2,
        days_0_30_paise: 10_000,
        days_31_60_paise: 0,
        days_61_90_paise: 25_000,
        days_over_90_paise: 0,
        due_paise: 35_000,
      },
    ]);
    expect(totalRow('outstanding', rows)).toEqual({
      label: REPORT_TEXTS.total,
      documents: 3,
      days_0_30_paise: 10_000,
      days_31_60_paise: 0,
      days_61_90_paise: 25_000,
      days_over_90_paise: 50_000,
      due_paise: 85_000,
    });
  });
});

describe('the range', () => {
  const P = REPORT_TEXTS.problems;
  it('takes real days, in order, at most a year', () => {
    expect(reportRangeProblems('2026-04-01', '2027-03-31')).toEqual({});
    expect(reportRangeProblems('2026-11-28', '2026-11-28')).toEqual({});
    expect(reportRangeProblems('2026-04-01', '2027-04-01')).toEqual({ to: P.tooLong });
    expect(reportRangeProblems('2026-11-28', '2026-11-27')).toEqual({ to: P.order });
    expect(reportRangeProblems('2026-02-30', '2026-03-01')).toEqual({ from: P.date });
    expect(reportRangeProblems(undefined, 'tomorrow')).toEqual({ from: P.date, to: P.date });
    // From a leap day the year ends on 28 February; 1 March is a year on.
    expect(reportRangeProblems('2028-02-29', '2029-02-28')).toEqual({});
    expect(reportRangeProblems('2028-02-29', '2029-03-01')).toEqual({ to: P.tooLong });
  });
});

describe("the clinic's days as instants", () => {
  it('starts and ends a Kolkata day at its midnights (18:30 UTC)', () => {
    const { start, end } = clinicDaysSpan('Asia/Kolkata', '2026-11-28', '2026-11-28');
    expect(start.toISOString()).toBe('2026-11-27T18:30:00.000Z');
    expect(end.toISOString()).toBe('2026-11-28T18:30:00.000Z');
    // 00:10 on the 28th in Kolkata is the 27th in UTC, and inside the 28th's span.
    const tenPast = Date.parse('2026-11-27T18:40:00Z');
    expect(tenPast >= start.getTime() && tenPast < end.getTime()).toBe(true);
  });

  it('keeps a day of a clock change its own length', () => {
    // London springs forward on 29 March 2026: that day is 23 hours.
    const { start, end } = clinicDaysSpan('Europe/London', '2026-03-29', '2026-03-29');
    expect(start.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });

  it('spans a whole range', () => {
    const { start, end } = clinicDaysSpan('Asia/Kolkata', '2026-04-01', '2027-03-31');
    expect([start.toISOString(), end.toISOString()]).toEqual(['2026-03-31T18:30:00.000Z', '2027-03-31T18:30:00.000Z']);
  });
});

describe('CSV', () => {
  it('quotes per RFC 4180', () => {
    expect(csvCell('Hydrafacial')).toBe('Hydrafacial');
    expect(csvCell('Kulkarni, Asha')).toBe('"Kulkarni, Asha"');
    expect(csvCell('The "Glow" plan')).toBe('"The ""Glow"" plan"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
  });

  it('defuses what a spreadsheet would run as a formula, but not our negative amounts', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+91 98200 00000')).toBe("'+91 98200 00000");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('-1180.00')).toBe('-1180.00');
    expect(csvCell('-3')).toBe('-3');
  });

  it('writes rupees from paise without floats or grouping', () => {
    expect([csvRupees(0), csvRupees(5), csvRupees(118_000_050), csvRupees(-52_500), csvRupees(-4)]).toEqual(['0.00', '0.05', '1180000.50', '-525.00', '-0.04']);
  });

  it('starts with the UTF-8 byte order mark and ends every record with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['₹', 'c'],
      ]),
    ).toBe('\uFEFFa,b\r\n₹,c\r\n');
  });

  it('writes a report: headers in ₹, dates in the clinic’s order, methods in words, the total', () => {
    const rows = [{ label: 'cash', payments: 2, received_paise: 150_050, refunded_paise: 52_500, net_paise: 97_550 }];
    const csv = reportCsv('sales-by-payment-method', rows, totalRow('sales-by-payment-method', rows), { date: (d) => d });
    expect(csv).toBe('\uFEFFPayment method,Payments,Received (₹),Refunded (₹),Net (₹)\r\nCash,2,1500.50,525.00,975.50\r\nTotal,2,1500.50,525.00,975.50\r\n');
    const days = [{ label: '2026-11-28', documents: 1, taxable_paise: -100, tax_paise: -18, total_paise: -118 }];
    const en = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
    expect(reportCsv('sales-by-day', days, totalRow('sales-by-day', days), { date: (d) => en.format(new Date(`${d}T00:00:00Z`)) })).toBe(
      '\uFEFFDay,Documents,Taxable value (₹),Tax (₹),Total (₹)\r\n28/11/2026,1,-1.00,-0.18,-1.18\r\nTotal,1,-1.00,-0.18,-1.18\r\n',
    );
  });
});
