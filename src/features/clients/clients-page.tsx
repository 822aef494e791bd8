// /clients: the clients hub. A server-side DataGrid (one page per request: pagination, search,
// filters and sorting all run on the server, so 10,000 clients cost what 25 do), the columns a
// front desk needs (the client's status among them: prospective, active, inactive, archived, with
// its filter), and the 'New client' dialog. Enter on a row opens the client's details.
import { Box, Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link, useLocation } from 'wouter';
import { ageInYears } from '../../../machines/staff/age.ts';
import { getHref } from '../../app/port.ts';
import { formatDate, formatPhone, fullName } from '../../lib/staff/format.ts';
import { formatTime } from '../../lib/format.ts';
import { GridPage, ServerGrid } from '../../lib/staff/server-grid.tsx';
import { CLIENT_SORT_FIELDS, type ClientStatus } from './clients-api.ts';
import { useClientsHub } from './clients-hooks.ts';
import { NewClientDialog } from './new-client-dialog.tsx';
import {
  ANY_STATUS,
  CLIENT_STATUS_LABELS,
  CLIENTS_EMPTY,
  CLIENTS_LOAD_FAILED,
  DEACTIVATED,
  CLIENTS_SEARCH_LABEL,
  CLIENTS_TITLE,
  CONSENTED,
  FILTER_CONSENT,
  FILTER_PROGRAM,
  FILTER_STATUS,
  NEW_CLIENT,
  NOT_CONSENTED,
  RETRY,
} from './texts.ts';

type Row = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  is_active: boolean;
  status?: ClientStatus;
  date_of_birth?: string | null;
  programs?: string[];
  hipaa_consent?: boolean;
  updated_at?: string;
};

// A prospect has no sign-in email until converted (their contact details are on the prospect).
const isProspect = (row: Row) => row.status === 'prospective';

/** A prospect opens on their discovery page, a client on their record. */
const hrefOf = (row: Row) => (isProspect(row) ? getHref('clientDiscovery', { clientId: row.id }) : getHref('clientDetails', { clientId: row.id }));

const columns: GridColDef<Row>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1.2,
    minWidth: 150,
    valueGetter: (_v, row) => fullName(row),
    renderCell: ({ row }) => (
      <Link href={hrefOf(row)} tabIndex={-1}>
        {fullName(row)}
      </Link>
    ),
  },
  { field: 'age', headerName: 'Age', width: 56, sortable: false, valueGetter: (_v, row) => ageInYears(row.date_of_birth) ?? '—' },
  { field: 'phone_number', headerName: 'Phone', width: 136, sortable: false, valueGetter: (v) => formatPhone(v as string | null) },
  { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 160, valueGetter: (v, row) => (isProspect(row) ? '—' : v) },
  {
    field: 'status',
    headerName: FILTER_STATUS,
    width: 116,
    sortable: false,
    renderCell: ({ row }) =>
      row.is_active ? (
        <Chip size="small" variant="outlined" color={row.status === 'active' ? 'success' : 'default'} label={CLIENT_STATUS_LABELS[row.status ?? 'active']} />
      ) : (
        <Chip size="small" label={DEACTIVATED} />
      ),
  },
  {
    field: 'programs',
    headerName: 'Programs',
    flex: 1,
    minWidth: 110,
    sortable: false,
    valueGetter: (_v, row) => (row.programs?.length ? row.programs.join(', ') : '—'),
  },
  {
    field: 'hipaa_consent',
    headerName: 'Consent',
    width: 126,
    sortable: false,
    renderCell: ({ row }) => <Chip size="small" color={row.hipaa_consent ? 'success' : 'warning'} label={row.hipaa_consent ? CONSENTED : NOT_CONSENTED} />,
  },
  // The day above its time, so the whole column fits beside the others at 1280 px (issue 32).
  {
    field: 'updated_at',
    headerName: 'Last updated',
    width: 110,
    sortable: false,
    renderCell: ({ row }) => (
      <Box component="span" sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.25 }}>
        <span>{formatDate(row.updated_at)}</span>
        <span>{formatTime(row.updated_at)}</span>
      </Box>
    ),
  },
];

export function ClientsPage() {
  const [, navigate] = useLocation();
  const { list, programs, newClient } = useClientsHub();
  return (
    <GridPage page="clients" title={CLIENTS_TITLE} actionLabel={NEW_CLIENT} onAction={() => newClient.open(null)}>
      <ServerGrid<Row>
        list={list}
        columns={columns}
        sortFields={CLIENT_SORT_FIELDS}
        title={CLIENTS_TITLE}
        searchLabel={CLIENTS_SEARCH_LABEL}
        filters={[
          {
            name: 'program',
            label: FILTER_PROGRAM,
            minWidth: 180,
            options: [['', 'All programs'], ...programs.map((p): [string, string] => [String(p.id), p.name])],
          },
          {
            name: 'consent',
            label: FILTER_CONSENT,
            options: [
              ['', 'Any'],
              ['yes', CONSENTED],
              ['no', NOT_CONSENTED],
            ],
          },
          {
            name: 'status',
            label: FILTER_STATUS,
            minWidth: 160,
            options: [['', ANY_STATUS], ...Object.entries(CLIENT_STATUS_LABELS), ['deactivated', DEACTIVATED]],
          },
        ]}
        emptyText={CLIENTS_EMPTY}
        loadFailedText={CLIENTS_LOAD_FAILED}
        retryLabel={RETRY}
        onOpenRow={(row) => navigate(hrefOf(row))}
      />
      <NewClientDialog action={newClient} />
    </GridPage>
  );
}
