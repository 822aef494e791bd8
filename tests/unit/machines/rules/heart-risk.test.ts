// The heart-risk score against the published tables (shared/design/heart-risk.md), transcribed
// here as the document's own text and parsed, so the test does not share the module's encoding:
// every band's both ends for every factor and both sexes, every points total's risk, the cap, and
// each parsing rule of spec §5.
import { describe, expect, it } from 'vitest';
import { calculateHeartRisk, type HeartRiskInput, HeartRiskInputError, readInteger, riskForPoints } from '../../../../machines/rules/heart-risk.ts';

const PUBLISHED = {
  male: {
    age: '30-34: 0, 35-39: 2, 40-44: 5, 45-49: 7, 50-54: 8, 55-59: 10, 60-64: 11, 65-69: 12, 70-74: 14, 75+: 15',
    hdl: '60+: -2, 50-59: -1, 45-49: 0, 35-44: 1, <35: 2',
    total: '<160: 0, 160-199: 1, 200-239: 2, 240-279: 3, 280+: 4',
    untreated: '<120: -2, 120-129: 0, 130-139: 1, 140-159: 2, 160+: 3',
    treated: '<120: 0, 120-129: 2, 130-139: 3, 140-159: 4, 160+: 5',
    smoker: 4,
    diabetic: 3,
    risk: '-3 or less: <1; -2: 1.1; -1: 1.4; 0: 1.6; 1: 1.9; 2: 2.3; 3: 2.8; 4: 3.3; 5: 3.9; 6: 4.7; 7: 5.6; 8: 6.7; 9: 7.9; 10: 9.4; 11: 11.2; 12: 13.3; 13: 15.6; 14: 18.4; 15: 21.6; 16: 25.3; 17: 29.4; 18 or more: >30',
  },
  female: {
    age: '30-34: 0, 35-39: 2, 40-44: 4, 45-49: 5, 50-54: 7, 55-59: 8, 60-64: 9, 65-69: 10, 70-74: 11, 75+: 12',
    hdl: '60+: -2, 50-59: -1, 45-49: 0, 35-44: 1, <35: 2',
    total: '<160: 0, 160-199: 1, 200-239: 3, 240-279: 4, 280+: 5',
    untreated: '<120: -3, 120-129: 0, 130-139: 1, 140-149: 2, 150-159: 4, 160+: 5',
    treated: '<120: -1, 120-129: 2, 130-139: 3, 140-149: 5, 150-159: 6, 160+: 7',
    smoker: 3,
    diabetic: 4,
    risk: '-2 or less: <1; -1: 1.0; 0: 1.2; 1: 1.5; 2: 1.7; 3: 2.0; 4: 2.4; 5: 2.8; 6: 3.3; 7: 3.9; 8: 4.5; 9: 5.3; 10: 6.3; 11: 7.3; 12: 8.6; 13: 10.0; 14: 11.7; 15: 13.7; 16: 15.9; 17: 18.5; 18: 21.5; 19: 24.8; 20: 27.5; 21 or more: >30',
  },
} as const;

type Sex = keyof typeof PUBLISHED;

/** "a-b: p" -> [a, b, p]; "<a" is [-inf, a-1]; "a+" is [a, +inf]. */
function bands(text: string): Array<{ lo: number; hi: number; points: number }> {
  return text.split(', ').map((item) => {
    const [range, p] = item.split(': ');
    const points = Number(p);
    if (range.startsWith('<')) return { lo: -Infinity, hi: Number(range.slice(1)) - 1, points };
    if (range.endsWith('+')) return { lo: Number(range.slice(0, -1)), hi: Infinity, points };
    const [lo, hi] = range.split('-').map(Number);
    return { lo, hi, points };
  });
}

// A baseline where every factor but the one under test scores 0 for both sexes.
const BASE: HeartRiskInput = {
  sex: 'male',
  age: 30,
  hdl_cholesterol: 45,
  total_cholesterol: 150,
  smoker: 'no',
  diabetic: 'no',
  treats_hypertension: 'no',
  systolic_bp: 125,
};

/** Both ends of each band, clipped to plausible inputs. */
function ends(band: { lo: number; hi: number }, floor: number, ceiling: number): number[] {
  const lo = Math.max(band.lo, floor);
  const hi = Math.min(band.hi, ceiling);
  return lo === hi ? [lo] : [lo, hi];
}

let cases = 0;

for (const sex of ['male', 'female'] as const satisfies Sex[]) {
  const table = PUBLISHED[sex];
  describe(`published tables, ${sex}`, () => {
    it('baseline scores 0 points', () => {
      expect(calculateHeartRisk({ ...BASE, sex }).points).toBe(0);
    });

    const factors = [
      { name: 'age', field: 'age', text: table.age, floor: 30, ceiling: 110, extra: {} },
      { name: 'HDL', field: 'hdl_cholesterol', text: table.hdl, floor: 10, ceiling: 200, extra: {} },
      { name: 'total cholesterol', field: 'total_cholesterol', text: table.total, floor: 80, ceiling: 600, extra: {} },
      { name: 'systolic, not treated', field: 'systolic_bp', text: table.untreated, floor: 80, ceiling: 260, extra: { treats_hypertension: 'no' } },
      { name: 'systolic, treated', field: 'systolic_bp', text: table.treated, floor: 80, ceiling: 260, extra: { treats_hypertension: 'yes' } },
    ] as const;

    for (const f of factors) {
      for (const band of bands(f.text)) {
        for (const value of ends(band, f.floor, f.ceiling)) {
          cases += 1;
          it(`${f.name} ${value} -> ${band.points}`, () => {
            const result = calculateHeartRisk({ ...BASE, sex, ...f.extra, [f.field]: value });
            const key = f.field === 'systolic_bp' ? 'systolic_bp' : f.field;
            expect(result.breakdown[key]).toBe(band.points);
            // Baseline systolic 125 is 0 untreated but not treated: the sum holds the rest at 0.
            const rest = Object.entries(result.breakdown)
              .filter(([k]) => k !== key)
              .reduce((a, [, v]) => a + v, 0);
            expect(rest).toBe(0);
            expect(result.points).toBe(band.points);
          });
        }
      }
    }

    it(`smoker yes adds ${table.smoker}, diabetic yes adds ${table.diabetic}`, () => {
      expect(calculateHeartRisk({ ...BASE, sex, smoker: 'yes' }).points).toBe(table.smoker);
      expect(calculateHeartRisk({ ...BASE, sex, diabetic: 'yes' }).points).toBe(table.diabetic);
      expect(calculateHeartRisk({ ...BASE, sex, smoker: 'yes', diabetic: 'yes' }).points).toBe(table.smoker + table.diabetic);
    });

    it('ages under 30 score as the 30-34 band; outside 30-74 is flagged', () => {
      for (const age of [1, 18, 29]) {
        const r = calculateHeartRisk({ ...BASE, sex, age });
        expect(r.breakdown.age).toBe(0);
        expect(r.inValidatedAgeRange).toBe(false);
      }
      expect(calculateHeartRisk({ ...BASE, sex, age: 30 }).inValidatedAgeRange).toBe(true);
      expect(calculateHeartRisk({ ...BASE, sex, age: 74 }).inValidatedAgeRange).toBe(true);
      expect(calculateHeartRisk({ ...BASE, sex, age: 75 }).inValidatedAgeRange).toBe(false);
    });

    const rows = table.risk.split('; ').map((row) => {
      const [points, text] = row.split(': ');
      return { points: Number(points.split(' ')[0]), text, below: points.includes('or less'), above: points.includes('or more') };
    });
    for (const row of rows) {
      it(`risk at ${row.points} points${row.below ? ' or less' : row.above ? ' or more' : ''} is ${row.text}`, () => {
        const probes = row.below ? [row.points, row.points - 1, row.points - 5] : row.above ? [row.points, row.points + 1, row.points + 10] : [row.points];
        for (const points of probes) {
          const r = riskForPoints(sex, points);
          expect(r.band).toBe(row.text);
          if (row.text === '<1') expect(r.riskPercentage).toBe(1);
          else if (row.text === '>30') expect(r.riskPercentage).toBe(30);
          else expect(r.riskPercentage).toBe(Number(row.text));
        }
      });
    }

    it('reaches the "<1" row and the ">30" cap through real inputs', () => {
      const low = calculateHeartRisk({ ...BASE, sex, hdl_cholesterol: 70, systolic_bp: 110 });
      expect(low.band).toBe('<1');
      expect(low.riskPercentage).toBe(1);
      const high = calculateHeartRisk({
        sex,
        age: 80,
        hdl_cholesterol: 30,
        total_cholesterol: 300,
        smoker: 'yes',
        diabetic: 'yes',
        treats_hypertension: 'yes',
        systolic_bp: 180,
      });
      expect(high.band).toBe('>30');
      expect(high.riskPercentage).toBe(30);
    });
  });
}

describe('risk percentage is always capped at 30', () => {
  it('for every total from -10 to 40, both sexes', () => {
    for (const sex of ['male', 'female'] as const) {
      for (let p = -10; p <= 40; p++) {
        const r = riskForPoints(sex, p);
        expect(r.riskPercentage).toBeLessThanOrEqual(30);
        expect(r.riskPercentage).toBeGreaterThanOrEqual(1);
      }
    }
  });
});

describe('parsing rules (spec §5)', () => {
  it('numbers are read as integers with parseInt semantics', () => {
    expect(readInteger('120.9')).toBe(120);
    expect(readInteger(' 45 ')).toBe(45);
    expect(readInteger(59.99)).toBe(59);
    expect(readInteger('60abc')).toBe(60);
    expect(readInteger('abc')).toBeNull();
    expect(readInteger('')).toBeNull();
    // "59.9" reads as 59, which is HDL 50-59 (-1), not 60+ (-2).
    expect(calculateHeartRisk({ ...BASE, hdl_cholesterol: '59.9' }).breakdown.hdl_cholesterol).toBe(-1);
    expect(calculateHeartRisk({ ...BASE, systolic_bp: '119.99' }).breakdown.systolic_bp).toBe(-2);
    expect(calculateHeartRisk({ ...BASE, age: '34.99' }).breakdown.age).toBe(0);
  });

  it('text that is no number is a validation error naming the field, never a silent 0', () => {
    try {
      calculateHeartRisk({ ...BASE, hdl_cholesterol: 'high', systolic_bp: '' });
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(HeartRiskInputError);
      expect((error as HeartRiskInputError).errors).toEqual({ hdl_cholesterol: 'Must be a whole number.', systolic_bp: 'This field is required.' });
    }
  });

  it('implausible values are refused with the range', () => {
    expect(() => calculateHeartRisk({ ...BASE, age: 0 })).toThrow(/age: Must be between 1 and 120/);
    expect(() => calculateHeartRisk({ ...BASE, systolic_bp: 20 })).toThrow(/systolic_bp/);
  });

  it("only the exact text 'male' is male", () => {
    const maleAge40 = calculateHeartRisk({ ...BASE, sex: 'male', age: 40 }).points;
    expect(maleAge40).toBe(5);
    for (const sex of ['Male', 'MALE', ' male', 'male ', 'm', 'M', 'man', 'female', '', 'other']) {
      expect(calculateHeartRisk({ ...BASE, sex, age: 40 }).points).toBe(4);
      expect(calculateHeartRisk({ ...BASE, sex, age: 40 }).reading.sex).toBe('female');
    }
  });

  it("only the exact text 'yes' is true for smoker, diabetic and treats_hypertension", () => {
    for (const value of ['Yes', 'YES', 'y', 'true', '1', ' yes', 'no', '']) {
      const r = calculateHeartRisk({ ...BASE, smoker: value, diabetic: value, treats_hypertension: value });
      expect(r.reading).toMatchObject({ smoker: false, diabetic: false, treats_hypertension: false });
      expect(r.points).toBe(0);
    }
    const all = calculateHeartRisk({ ...BASE, smoker: 'yes', diabetic: 'yes', treats_hypertension: 'yes' });
    expect(all.reading).toMatchObject({ smoker: true, diabetic: true, treats_hypertension: true });
    expect(all.points).toBe(4 + 3 + 2);
  });

  it('a worked example from the paper: man, 61, HDL 47, TC 180, SBP 124 untreated, smoker, not diabetic', () => {
    // 11 (age) + 0 (HDL) + 1 (TC) + 0 (SBP) + 4 (smoker) = 16 -> 25.3 %
    const r = calculateHeartRisk({
      sex: 'male',
      age: '61',
      hdl_cholesterol: '47',
      total_cholesterol: '180',
      smoker: 'yes',
      diabetic: 'no',
      treats_hypertension: 'no',
      systolic_bp: '124',
    });
    expect(r).toMatchObject({ points: 16, band: '25.3', riskPercentage: 25.3 });
  });
});

describe('coverage', () => {
  it('checked every band end', () => {
    console.log(`[heart-risk] ${cases} band-end cases across both sexes`);
    expect(cases).toBeGreaterThan(80);
  });
});
