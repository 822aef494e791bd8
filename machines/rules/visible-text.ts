// Text the clinic keeps must show something. A name, a reason or a message the contract says may
// not be empty (minLength 1 or more) is trimmed before it is stored, so one made only of spaces,
// tabs, line breaks or invisible characters (U+FEFF, U+200B and the other format characters,
// direction marks, variation selectors, Hangul fillers) would be stored empty, or not at all: the
// database's length check refused it with a 500. The contract's schemas (server/api/contract.ts)
// give every such field this pattern, so the API and the portal's forms refuse it, naming the
// field, with the reason a missing field gets: blank is not there (as the profile rules say).

/** At least one character that is neither whitespace nor invisible (a JavaScript `u` pattern). */
export const VISIBLE_TEXT_PATTERN = '[^\\s\\p{Cc}\\p{Cf}\\p{Z}\\u034F\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u3164\\uFE00-\\uFE0F\\uFFA0]';

export const BLANK_REASON = 'This field is required.';

// The class lists combining marks (U+034F, variation selectors) on purpose, each on its own.
// eslint-disable-next-line no-misleading-character-class
const VISIBLE = new RegExp(VISIBLE_TEXT_PATTERN, 'u');

/** Whether `text` has nothing to show (empty, whitespace, invisible characters). */
export function isBlankText(text: string): boolean {
  return !VISIBLE.test(text);
}
