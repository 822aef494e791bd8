// Which stock lots need the back office's attention, read from the flags the server sets on each
// lot (server/api/visits/data.ts: `low` at or below its low-stock level, `expired` past its date):
// the rule itself lives there once; this only sorts the lots for a warning outside the Therapies
// tab. An expired lot counts while anything is left in it (it must be taken off the shelf); a low
// lot counts unless it has expired (then it is the expiry that matters).
export interface FlaggedLot {
  item: string;
  lot_number: string;
  quantity: number;
  low: boolean;
  expired: boolean;
}

export interface StockAttention<L extends FlaggedLot> {
  low: L[];
  expired: L[];
}

export function stockAttention<L extends FlaggedLot>(lots: readonly L[]): StockAttention<L> {
  return {
    low: lots.filter((l) => l.low && !l.expired),
    expired: lots.filter((l) => l.expired && l.quantity > 0),
  };
}

export const needsAttention = (a: StockAttention<FlaggedLot>): boolean => a.low.length > 0 || a.expired.length > 0;

/** The lots a dose may be drawn from on a visit: every lot the server has not flagged expired. */
export const usableLots = <L extends Pick<FlaggedLot, 'expired'>>(lots: readonly L[]): L[] => lots.filter((l) => !l.expired);
