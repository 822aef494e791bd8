// A small table of records (a catalogue in the back office, a section of the client record): one
// header row of column names, a row per record keyed by its id, and an optional right-aligned
// Actions column. Each screen names its columns; the table's markup is written once, here.
import { TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { ScrollTable } from './scroll-table.tsx';

export interface RecordColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export function RecordTable<T extends { id: number | string }>(props: {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  columns: ReadonlyArray<RecordColumn<T>>;
  /** What the Actions column shows for a row; without it there is no Actions column. */
  actions?: (row: T) => ReactNode;
  /** Attributes of a row (a test id, for one). */
  rowProps?: (row: T) => Record<string, string>;
}) {
  const { label, rows, columns, actions, rowProps } = props;
  return (
    <ScrollTable size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.header}>{c.header}</TableCell>
          ))}
          {actions && <TableCell align="right">Actions</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} {...rowProps?.(row)}>
            {columns.map((c) => (
              <TableCell key={c.header}>{c.cell(row)}</TableCell>
            ))}
            {actions && <TableCell align="right">{actions(row)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}
