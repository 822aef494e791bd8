// The staff pages' server-side grid (the clients hub, the users list): a search box, filter
// selects and a DataGrid whose pages, sorting and filters all run on the server through the list
// machine. The page passes its columns, filters and texts; the machine holds the query.
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowParams, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';
import type { ServerList } from './hooks.ts';

export interface GridFilter {
  name: string;
  label: string;
  /** [value, label] pairs; the first is usually ['', 'All ...']. */
  options: Array<[string, string]>;
  minWidth?: number;
}

/** The server's `ordering` for the grid's sort model (`-last_name`), or null for its default. */
export function orderingOf(model: GridSortModel, sortFields: Record<string, string>): string | null {
  const first = model[0];
  if (!first?.sort || !sortFields[first.field]) return null;
  return `${first.sort === 'desc' ? '-' : ''}${sortFields[first.field]}`;
}

/** The grid's sort model for the server's `ordering`. */
export function sortModelOf(ordering: string | null, sortFields: Record<string, string>): GridSortModel {
  if (!ordering) return [];
  const field = Object.keys(sortFields).find((k) => sortFields[k] === ordering.replace(/^-/, ''));
  return field ? [{ field, sort: ordering.startsWith('-') ? 'desc' : 'asc' }] : [];
}

/** A staff list page: its heading with the page's one creating action (offered once what it needs has loaded), then the grid and dialogs. */
export function GridPage({
  page,
  title,
  actionLabel,
  onAction,
  actionReady = true,
  children,
}: {
  page: string;
  title: string;
  actionLabel: string;
  onAction: () => void;
  actionReady?: boolean;
  children: ReactNode;
}) {
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }} data-page={page}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Button variant="contained" onClick={onAction} disabled={!actionReady}>
          {actionLabel}
        </Button>
      </Stack>
      {children}
    </Box>
  );
}

export function ServerGrid<Row extends GridValidRowModel>(props: {
  list: ServerList;
  columns: GridColDef<Row>[];
  sortFields: Record<string, string>;
  title: string;
  searchLabel: string;
  filters: GridFilter[];
  emptyText: string;
  loadFailedText: string;
  retryLabel: string;
  onOpenRow?: (row: Row) => void;
  /** Rows as tall as their content (a cell whose chips wrap), not one line each. */
  autoRowHeight?: boolean;
}) {
  const { list, sortFields, onOpenRow } = props;
  const { query } = list;
  // A stable model: the grid treats a new array as a new sort and would reset to the first page.
  const sortModel = useMemo(() => sortModelOf(query.ordering, sortFields), [query.ordering, sortFields]);
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label={props.searchLabel}
          type="search"
          size="small"
          value={query.search}
          onChange={(e) => list.search(e.target.value)}
          sx={{ minWidth: 280, flexGrow: 1 }}
        />
        {props.filters.map((f) => (
          <TextField
            key={f.name}
            select
            size="small"
            label={f.label}
            value={query.filters[f.name] ?? ''}
            onChange={(e) => list.filter(f.name, e.target.value)}
            sx={{ minWidth: f.minWidth ?? 160 }}
          >
            {f.options.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      {list.failure !== null && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={list.retry}>
              {props.retryLabel}
            </Button>
          }
        >
          {props.loadFailedText} {list.failure}
        </Alert>
      )}
      <Box sx={{ height: 'calc(100vh - 260px)', minHeight: 420 }}>
        <DataGrid
          aria-label={props.title}
          rows={list.rows as unknown as Row[]}
          columns={props.columns}
          getRowHeight={props.autoRowHeight ? () => 'auto' : undefined}
          rowCount={list.count}
          loading={list.loading}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          disableRowSelectionOnClick
          pageSizeOptions={[10, 25, 50, 100]}
          paginationModel={{ page: query.page, pageSize: query.pageSize }}
          onPaginationModelChange={(m) => list.page(m.page, m.pageSize)}
          sortModel={sortModel}
          onSortModelChange={(m) => {
            const ordering = orderingOf(m, sortFields);
            if (ordering !== query.ordering) list.sort(ordering);
          }}
          onRowClick={onOpenRow ? ({ row }: GridRowParams<Row>) => onOpenRow(row) : undefined}
          onCellKeyDown={
            onOpenRow
              ? ({ row }, event) => {
                  if (event.key === 'Enter') onOpenRow(row as Row);
                }
              : undefined
          }
          slots={{ noRowsOverlay: () => <Box sx={{ p: 4, textAlign: 'center' }}>{props.emptyText}</Box> }}
          sx={onOpenRow ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : undefined}
        />
      </Box>
    </>
  );
}
