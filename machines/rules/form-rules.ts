// The smallest rules every form shares (pure): a required text is filled in when it has more
// than blanks; a choice is made when it is not empty. Each domain names its forms' rules with
// these (machines/<domain>/...-forms.ts), and the views ask those names whether a form may be sent.

/** A required text answer: something other than blanks. */
export const hasText = (value: string | null | undefined): boolean => !!value && value.trim() !== '';

/** A choice (a select's value, a date picked): anything but empty. */
export const isChosen = (value: string | number | null | undefined): boolean => value !== null && value !== undefined && value !== '';
