// Filling the app's date fields (src/lib/date-field.tsx) in a view test (happy-dom): the field's own
// input holds the day as shown, dd/mm/yyyy in India, and takes a day typed or pasted that way. The
// label also names the field's group, so the input is picked out of what the label names.
import { fireEvent, type screen } from '@testing-library/react';
import { formatDate } from '../../src/lib/format.ts';

/** The input of the date field labelled `label` inside `scope` (screen, or within(a dialog)). */
export const dateInput = (scope: Pick<typeof screen, 'getAllByLabelText'>, label: string | RegExp) =>
  scope.getAllByLabelText(label).find((e): e is HTMLInputElement => e instanceof HTMLInputElement)!;

/** Puts `day` (YYYY-MM-DD) into a date field's input, written the clinic's way. */
export const typeDay = (input: HTMLInputElement, day: string) => fireEvent.change(input, { target: { value: formatDate(day) } });
