// Which lots the back office's stock warning names: the server's `low` and `expired` flags sorted,
// not a second low-stock rule. A low lot that expired counts as expired; an expired lot counts only
// while stock is left in it.
import { describe, expect, it } from 'vitest';
import { needsAttention, stockAttention, usableLots } from '../../../../machines/visits/stock-attention.ts';

const lot = (lot_number: string, quantity: number, low: boolean, expired: boolean) => ({ item: 'Vitamin C', lot_number, quantity, low, expired });

describe('stock attention', () => {
  it('sorts the flagged lots; a lot flagged neither way is left out', () => {
    const ok = lot('OK', 20, false, false);
    const low = lot('LOW', 3, true, false);
    const lowAndExpired = lot('OLD-LOW', 2, true, true);
    const expired = lot('OLD', 40, false, true);
    const usedUp = lot('GONE', 0, true, true);
    const a = stockAttention([ok, low, lowAndExpired, expired, usedUp]);
    expect(a.low).toEqual([low]);
    expect(a.expired).toEqual([lowAndExpired, expired]);
    expect(needsAttention(a)).toBe(true);
  });

  it('reads the flags, not the numbers: a quantity under some level without the flag is not low', () => {
    const a = stockAttention([lot('A', 1, false, false), lot('B', 0, true, true)]);
    expect(a).toEqual({ low: [], expired: [] });
    expect(needsAttention(a)).toBe(false);
  });
});

describe('the lots a dose is drawn from', () => {
  it('are every lot the server has not flagged expired', () => {
    const lots = [
      { id: 1, expired: false },
      { id: 2, expired: true },
      { id: 3, expired: false },
    ];
    expect(usableLots(lots).map((l) => l.id)).toEqual([1, 3]);
  });
});
