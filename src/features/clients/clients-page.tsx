// /clients: the clients hub. A server-side DataGrid (one page per request: pagination, search,
// filters and sorting all run on the server, so 10,000 clients cost what 25 do), the columns a
// front desk needs, and the 'New client' dialog. Enter on a row opens the client's details.
import { Alert, Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ageInYears } from '../../../machines/staff/age';
import { getHref } from '../../app/paths';
import { useShell } from '../../app/shell/shell-context';
import { formatDateTime, fullName } from '../../lib/staff/format';
import { useAction, useServerList } from '../../lib/staff/hooks';
import { CLIENT_SORT_FIELDS, createClient, fetchClientsPage, fetchPrograms, type NewClient } from './clients-api';
import { NewClientDialog } from './new-client-dialog';
import {
  CLIENTS_EMPTY,
  CLIENTS_LOAD_FAILED,
  CLIENTS_SEARCH_LABEL,
  CLIENTS_TITLE,
  CONSENTED,
  clientCreatedToast,
  FILTER_CONSENT,
  FILTER_PROGRAM,
  FILTER_STATUS,
  NEW_CLIENT,
  NOT_CONSENTED,
  RETRY,
} from './texts';

type Row = { id: number; first_name: string; last_name: string; email: string; phone_number: string | null; date_of_birth?: string | null; programs?: string[]; hipaa_consent?: boolean; updated_at?: string };

const columns: GridColDef<Row>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1.2,
    minWidth: 180,
    valueGetter: (_v, row) => fullName(row),
    renderCell: ({ row }) => (
      <Link href={getHref('clientDetails', { clientId: row.id })} tabIndex={-1}>
        {fullName(row)}
      </Link>
    ),
  },
  { field: 'age', headerName: 'Age', width: 70, sortable: false, valueGetter: (_v, row) => ageInYears(row.date_of_birth) ?? '—' },
  { field: 'phone_number', headerName: 'Phone', width: 150, sortable: false, valueGetter: (v) => v ?? '—' },
  { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 200 },
  { field: 'programs', headerName: 'Programs', flex: 1, minWidth: 160, sortable: false, valueGetter: (_v, row) => (row.programs?.length ? row.programs.join(', ') : '—') },
  {
    field: 'hipaa_consent',
    headerName: 'Consent',
    width: 140,
    sortable: false,
    renderCell: ({ row }) => <Chip size="small" color={row.hipaa_consent ? 'success' : 'warning'} label={row.hipaa_consent ? CONSENTED : NOT_CONSENTED} />,
  },
  { field: 'updated_at', headerName: 'Last updated', width: 180, sortable: false, valueGetter: (v) => formatDateTime(v as string | undefined) },
];

function toOrdering(model: GridSortModel): string | null {
  const first = model[0];
  if (!first?.sort || !CLIENT_SORT_FIELDS[first.field]) return null;
  return `${first.sort === 'desc' ? '-' : ''}${CLIENT_SORT_FIELDS[first.field]}`;
}

function toSortModel(ordering: string | null): GridSortModel {
  if (!ordering) return [];
  const field = Object.keys(CLIENT_SORT_FIELDS).find((k) => CLIENT_SORT_FIELDS[k] === ordering.replace(/^-/, ''));
  return field ? [{ field, sort: ordering.startsWith('-') ? 'desc' : 'asc' }] : [];
}

export function ClientsPage() {
  const { api } = useShell();
  const [, navigate] = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const [state, send] = useServerList((q) => fetchClientsPage(api, q));
  const [programs, setPrograms] = useState<Array<{ id: number; name: string }>>([]);
  const [search, setSearch] = useState('');
  const newClient = useAction<null>(
    (_s, values) => createClient(api, values as unknown as NewClient),
    (_s, output) => {
      const created = output as { first_name: string; last_name: string; email: string };
      enqueueSnackbar(clientCreatedToast(fullName(created), created.email), { variant: 'success' });
      send({ type: 'list.reload' });
    },
  );

  useEffect(() => {
    fetchPrograms(api).then(setPrograms, () => setPrograms([]));
  }, [api]);

  const { query, rows, count, error } = state.context;
  // A stable model: the grid treats a new array as a new sort and would reset to the first page.
  const sortModel = useMemo(() => toSortModel(query.ordering), [query.ordering]);
  const filter = (name: string) => (e: { target: { value: string } }) => send({ type: 'list.filter', name, value: e.target.value });

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }} data-page="clients">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {CLIENTS_TITLE}
        </Typography>
        <Button variant="contained" onClick={() => newClient.open(null)}>
          {NEW_CLIENT}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label={CLIENTS_SEARCH_LABEL}
          type="search"
          size="small"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            send({ type: 'list.search', search: e.target.value });
          }}
          sx={{ minWidth: 280, flexGrow: 1 }}
        />
        <TextField select size="small" label={FILTER_PROGRAM} value={query.filters.program ?? ''} onChange={filter('program')} sx={{ minWidth: 180 }}>
          <MenuItem value="">All programs</MenuItem>
          {programs.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={FILTER_CONSENT} value={query.filters.consent ?? ''} onChange={filter('consent')} sx={{ minWidth: 160 }}>
          <MenuItem value="">Any</MenuItem>
          <MenuItem value="yes">{CONSENTED}</MenuItem>
          <MenuItem value="no">{NOT_CONSENTED}</MenuItem>
        </TextField>
        <TextField select size="small" label={FILTER_STATUS} value={query.filters.status ?? ''} onChange={filter('status')} sx={{ minWidth: 140 }}>
          <MenuItem value="">Active</MenuItem>
          <MenuItem value="inactive">Inactive</MenuItem>
        </TextField>
      </Stack>
      {state.matches('failed') && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => send({ type: 'list.retry' })}>
              {RETRY}
            </Button>
          }
        >
          {CLIENTS_LOAD_FAILED} {error}
        </Alert>
      )}
      <Box sx={{ height: 'calc(100vh - 260px)', minHeight: 420 }}>
        <DataGrid
          aria-label={CLIENTS_TITLE}
          rows={rows as Row[]}
          columns={columns}
          rowCount={count}
          loading={state.hasTag('pending')}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          disableRowSelectionOnClick
          pageSizeOptions={[10, 25, 50, 100]}
          paginationModel={{ page: query.page, pageSize: query.pageSize }}
          onPaginationModelChange={(m) => send({ type: 'list.page', page: m.page, pageSize: m.pageSize })}
          sortModel={sortModel}
          onSortModelChange={(m) => {
            const ordering = toOrdering(m);
            if (ordering !== query.ordering) send({ type: 'list.sort', ordering });
          }}
          onRowClick={({ row }) => navigate(getHref('clientDetails', { clientId: row.id }))}
          onCellKeyDown={({ row }, event) => {
            if (event.key === 'Enter') navigate(getHref('clientDetails', { clientId: row.id }));
          }}
          slots={{ noRowsOverlay: () => <Box sx={{ p: 4, textAlign: 'center' }}>{CLIENTS_EMPTY}</Box> }}
          sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      </Box>
      <NewClientDialog action={newClient} />
    </Box>
  );
}
