// @vitest-environment happy-dom
// RecordTable (src/lib/record-table.tsx), the table the back office's catalogues and the client
// record's sections draw: the table is named by its label, the header names each column (and
// Actions only when rows have actions), each record is one row with its cells in column order.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordTable } from '../../../src/lib/record-table.tsx';

afterEach(cleanup);

type Row = { id: number; name: string; weeks: number };
const ROWS: Row[] = [
  { id: 7, name: 'Reset', weeks: 12 },
  { id: 9, name: 'Thrive', weeks: 24 },
];
const COLUMNS = [
  { header: 'Name', cell: (r: Row) => r.name },
  { header: 'Weeks', cell: (r: Row) => r.weeks },
];

const texts = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('RecordTable', () => {
  it('draws a header of the columns and Actions, and a row a record with its actions', () => {
    render(
      <RecordTable
        label="Programs"
        rows={ROWS}
        columns={COLUMNS}
        actions={(r) => <button type="button">Edit {r.name}</button>}
        rowProps={(r) => ({ 'data-testid': `row-${r.id}` })}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Programs' })).getAllByRole('row');
    expect(rows.map(texts)).toEqual([
      ['Name', 'Weeks', 'Actions'],
      ['Reset', '12', 'Edit Reset'],
      ['Thrive', '24', 'Edit Thrive'],
    ]);
    expect(screen.getByTestId('row-9').textContent).toContain('Thrive');
  });

  it('has no Actions column when rows have no actions', () => {
    render(<RecordTable label="Audit trail" rows={ROWS.slice(0, 1)} columns={COLUMNS} />);
    expect(
      within(screen.getByRole('table', { name: 'Audit trail' }))
        .getAllByRole('row')
        .map(texts),
    ).toEqual([
      ['Name', 'Weeks'],
      ['Reset', '12'],
    ]);
  });
});
