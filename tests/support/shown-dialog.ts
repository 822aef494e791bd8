// The MUI dialog a person sees, by its accessible name, for the page replays (issue 33). A dialog
// its chart closed stays in the document while it fades out (its container at opacity 0), and the
// fade's timer starts only after the step's render, so "gone" is what the person sees: not shown.
// Open dialogs hide the rest of the page from the accessibility tree, so the query looks there too.
import { screen } from '@testing-library/react';

export function shownDialog(name: string): HTMLElement | null {
  const found = screen.queryAllByRole('dialog', { name, hidden: true });
  return found.find((d) => (d.closest<HTMLElement>('.MuiDialog-container')?.style.opacity ?? '') !== '0') ?? null;
}
