// The address of a tile's list: `?tile=<tile>` opens that tile's clients; anything else opens none.
import { describe, expect, it } from 'vitest';
import { THRIVE_TILES, tileOf } from '../../../../machines/thrive/tiles.ts';

describe('tileOf', () => {
  it.each(THRIVE_TILES)('reads ?tile=%s', (tile) => {
    expect(tileOf(`?tile=${tile}`)).toBe(tile);
    expect(tileOf(`tile=${tile}&page=2`)).toBe(tile);
  });

  it.each(['', '?tile=', '?tile=everyone', '?tile=OVERDUE', '?tiles=overdue', '?tile=toString', '?tile=__proto__'])('opens no list for %j', (search) => {
    expect(tileOf(search)).toBeNull();
  });
});
