// The board's drop targets and the page's buttons come from the chart.
import { describe, expect, it } from 'vitest';
import { canConvert, canMove, movesFrom, needsFollowUp, needsReason } from '../../../../machines/discovery/pipeline-rules.ts';

describe('pipeline rules', () => {
  it("offers the chart's moves, never enrol, nothing once closed", () => {
    expect(movesFrom('new')).toEqual(['contacted', 'discovery_booked', 'lost']);
    expect(movesFrom('discovery_done')).toEqual(['nurture', 'not_a_fit', 'lost']);
    expect(movesFrom('enrol')).toEqual([]);
    expect(movesFrom('lost')).toEqual([]);
    expect(canMove('new', 'discovery_done')).toBe(false);
    expect(canMove('discovery_booked', 'discovery_done')).toBe(true);
  });

  it('asks for a reason or a date where the chart needs one, and converts only after the visit', () => {
    expect(needsReason('lost') && needsReason('not_a_fit') && !needsReason('contacted')).toBe(true);
    expect(needsFollowUp('nurture') && !needsFollowUp('lost')).toBe(true);
    expect(canConvert('discovery_done')).toBe(true);
    expect(canConvert('discovery_booked')).toBe(false);
  });
});
