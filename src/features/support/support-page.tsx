// /user/support/{clientId}: a client's tickets. They open one (category, subject, message, an
// optional link to one of their appointments or lab orders, images or PDFs attached), see each
// ticket's status and conversation, and reply.
// Read-only (a SUPER_ADMIN in the client's portal): the tickets and conversations, no forms.
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useParams } from 'wouter';
import { useShell } from '../../app/port.ts';
import { CATEGORY_LABELS, TICKET_CATEGORIES, type TicketCategory } from '../../../machines/support/support-rules.ts';
import { STATUS_LABELS, SUPPORT_TEXTS as T } from '../../../machines/support/support-texts.ts';
import { saveAttachment, type TicketDetail } from './support-api.ts';
import { type ClientDesk, useClientDesk, useLinkableAppointments, useLinkableLabOrders } from './support-hooks.ts';
import { AttachButton } from './attach-button.tsx';
import { formatDateTime } from '../../lib/format.ts';

const when = (iso: string) => formatDateTime(iso);

export function SupportPage() {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const desk = useClientDesk(Number(clientId));
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', px: 2, py: 3 }} data-page="support">
      <Typography variant="h4" component="h1" gutterBottom>
        {T.title}
      </Typography>
      {desk.mode === 'failed' ? (
        <Alert severity="error" action={<Button onClick={desk.retry}>Try again</Button>}>
          {desk.message}
        </Alert>
      ) : (
        <Stack spacing={3}>
          {desk.message && <Alert severity="error">{desk.message}</Alert>}
          {!desk.readOnly && <NewTicket desk={desk} />}
          <TicketList desk={desk} />
          {desk.selected && <Conversation desk={desk} ticket={desk.selected} />}
        </Stack>
      )}
    </Box>
  );
}

function NewTicket({ desk }: { desk: ClientDesk }) {
  const [category, setCategory] = useState<TicketCategory>('appointments');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [appointment, setAppointment] = useState('');
  const [labOrder, setLabOrder] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const appointments = useLinkableAppointments(desk.client);
  const labOrders = useLinkableLabOrders(desk.client);
  const errors = desk.fieldErrors;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    desk.create({ category, subject, message, appointment: appointment ? Number(appointment) : null, labOrder: labOrder ? Number(labOrder) : null, files });
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="new-ticket">
      <CardContent>
        <Typography id="new-ticket" variant="h6" component="h2" gutterBottom>
          {T.newTicket}
        </Typography>
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <TextField select label={T.category} value={category} onChange={(e) => setCategory(e.target.value as TicketCategory)} name="category">
              {TICKET_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={T.subject}
              name="subject"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              required
              error={!!errors.subject}
              helperText={errors.subject?.join(' ')}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              label={T.message}
              name="message"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              required
              multiline
              minRows={3}
              error={!!errors.message}
              helperText={errors.message?.join(' ')}
            />
            <TextField
              select
              label={T.appointment}
              name="appointment"
              value={appointment}
              onChange={(e) => setAppointment(e.target.value)}
              error={!!errors.appointment}
              helperText={errors.appointment?.join(' ')}
            >
              <MenuItem value="">{T.noAppointment}</MenuItem>
              {appointments.map((a) => (
                <MenuItem key={a.id} value={String(a.id)}>
                  {a.service_name} — {when(a.start)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={T.labOrder}
              name="lab_order"
              value={labOrder}
              onChange={(e) => setLabOrder(e.target.value)}
              error={!!errors.lab_order}
              helperText={errors.lab_order?.join(' ')}
            >
              <MenuItem value="">{T.noAppointment}</MenuItem>
              {labOrders.map((o) => (
                <MenuItem key={o.id} value={String(o.id)}>
                  {o.items.map((i) => i.name).join(', ')} — {when(o.start)}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <AttachButton label={T.attach} accept="image/*,application/pdf" field="attachments" onFiles={setFiles} />
              <Typography variant="body2" sx={{ mt: 1 }} data-field="attached">
                {files.map((f) => f.name).join(', ')}
              </Typography>
              {(errors.content_base64 || errors.attachments) && (
                <Alert severity="error">{[...(errors.content_base64 ?? []), ...(errors.attachments ?? [])].join(' ')}</Alert>
              )}
            </Box>
            <Box>
              <Button type="submit" variant="contained" disabled={desk.pending}>
                {T.send}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

function TicketList({ desk }: { desk: ClientDesk }) {
  if (desk.mode === 'loading' && desk.tickets.length === 0) return <Skeleton variant="rounded" height={120} aria-busy="true" />;
  return (
    <Box component="section" aria-labelledby="your-tickets">
      <Typography id="your-tickets" variant="h6" component="h2" gutterBottom>
        {T.yourTickets}
      </Typography>
      {desk.tickets.length === 0 ? (
        <Typography color="text.secondary">{T.noTickets}</Typography>
      ) : (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {desk.tickets.map((t) => (
            <Card key={t.id} variant="outlined" component="li" data-ticket={t.id}>
              <CardActionArea onClick={() => desk.select(t.id)}>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ flex: 1, minWidth: 200 }}>
                    #{t.id} {t.subject}
                  </Typography>
                  <Chip size="small" label={CATEGORY_LABELS[t.category]} />
                  <Chip
                    size="small"
                    color={t.status === 'pending' ? 'warning' : t.status === 'solved' || t.status === 'closed' ? 'success' : 'primary'}
                    label={STATUS_LABELS[t.status]}
                    data-status={t.status}
                  />
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function Conversation({ desk, ticket }: { desk: ClientDesk; ticket: TicketDetail }) {
  // The clinic's replies carry the name set on /backoffice.
  const { clinicName } = useShell().config;
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    desk.reply({ body, internal: false, files });
    setBody('');
    setFiles([]);
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="conversation" data-conversation={ticket.id}>
      <CardContent>
        <Typography id="conversation" variant="h6" component="h2">
          #{ticket.id} {ticket.subject}
        </Typography>
        <Typography color="text.secondary" gutterBottom data-field="status">
          {STATUS_LABELS[ticket.status]}
        </Typography>
        {ticket.appointment !== null && (
          <Typography variant="body2" data-field="appointment">
            {T.aboutAppointment(ticket.appointment)}
          </Typography>
        )}
        {ticket.lab_order !== null && (
          <Typography variant="body2" data-field="lab-order">
            {T.aboutLabOrder(ticket.lab_order)}
          </Typography>
        )}
        <Stack spacing={1.5} sx={{ my: 2 }}>
          {ticket.messages.map((m) => (
            <Box
              key={m.id}
              sx={{ p: 1.5, borderRadius: 1, bgcolor: m.from_clinic ? 'action.hover' : 'transparent', border: 1, borderColor: 'divider' }}
              data-message={m.id}
            >
              <Typography variant="caption" color="text.secondary">
                {m.from_clinic ? clinicName : 'You'} · {when(m.created_at)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.body}</Typography>
              {m.attachments.map((a) => (
                <Button key={a.id} size="small" onClick={() => void saveAttachment(desk.api, a)}>
                  {a.file_name}
                </Button>
              ))}
            </Box>
          ))}
        </Stack>
        {ticket.status === 'closed' ? (
          <Alert severity="info">{T.closedNoReply}</Alert>
        ) : (
          !desk.readOnly && (
            <Box component="form" onSubmit={submit} noValidate>
              <Stack spacing={1}>
                <TextField
                  label={T.reply}
                  name="reply"
                  value={body}
                  onChange={(e) => setBody(e.target.value)}
                  multiline
                  minRows={2}
                  error={!!desk.fieldErrors.body}
                  helperText={desk.fieldErrors.body?.join(' ')}
                />
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <AttachButton label={T.attach} accept="image/*,application/pdf" onFiles={setFiles} />
                  <Button type="submit" variant="contained" disabled={desk.pending || !body.trim()}>
                    {T.send}
                  </Button>
                </Box>
              </Stack>
            </Box>
          )
        )}
      </CardContent>
    </Card>
  );
}
