// /user/profile/{clientId}: the fields a client may edit (spec §3), under the contract's
// ProfilePatch schema and the profile rules staff and the server share (machines/rules); age from the date of birth (365.25-day years); gender as
// Male / Female / Not specified; phone with the dial-code picker; Aadhaar masked; the sign-in email
// changed only through the identity service's code to the new address. Read-only (a SUPER_ADMIN in
// the client's portal): the stored fields and sign-in email only, with nothing to change them.
// Below them, what the route module composes from other domains (privacy's "Download my data").
import { Alert, Box, Button, Card, CardContent, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useParams } from 'wouter';
import { DIAL_CODES, splitPhoneNumber } from '../../../../machines/rules/dial-codes.ts';
import { maskAadhaar } from '../../../../machines/rules/masking.ts';
import { profilePatchOf } from '../../../../machines/rules/profile-rules.ts';
import { ageInYears } from '../../../../machines/staff/age.ts';
import { genderLabel } from '../../../app/port.ts';
import { DateField } from '../../../lib/date-field.tsx';
import { clinicFormat, formatDate, formatPhone } from '../../../lib/format.ts';
import { CONTACT_METHOD_LABELS, contactMethodLabel, postalCodeLabel } from '../../../lib/labels.ts';
import { LoadFailed, PageFrame } from '../../../lib/page-frame.tsx';
import { PasskeysCard } from '../../identity/index.ts';
import type { Profile } from '../clients-api.ts';
import { useEmailChange, useProfileEditor } from './portal-hooks.ts';
import { PORTAL_TEXT } from './texts.ts';

const TEXT_FIELDS = [
  ['title', 'Title'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['alternate_email', 'Alternate email'],
  ['address_line_1', 'Address line 1'],
  ['address_line_2', 'Address line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['country', 'Country'],
  ['zipcode', 'Postal code'],
  ['occupation', 'Occupation'],
  ['organization', 'Organization'],
  ['emergency_contact_name', 'Emergency contact name'],
  ['emergency_contact_relation', 'Emergency contact relation'],
  ['abha_number', 'ABHA number (14 digits)'],
] as const;
const PHONE_FIELDS = [
  ['phone_number', 'Phone number'],
  ['alternate_phone', 'Alternate phone'],
  ['emergency_contact_number', 'Emergency contact number'],
] as const;
type Draft = Record<string, string>;

function toDraft(p: Profile): Draft {
  const d: Draft = {};
  for (const [k] of TEXT_FIELDS) d[k] = (p[k] as string | null) ?? '';
  for (const [k] of PHONE_FIELDS) {
    const { dial, number } = splitPhoneNumber(p[k], clinicFormat().dialCode);
    d[`${k}__dial`] = dial;
    d[k] = number;
  }
  d.gender = p.gender ?? '';
  d.date_of_birth = p.date_of_birth ?? '';
  d.preferred_contact_method = p.preferred_contact_method;
  return d;
}

/** The form as the profile's fields: each phone joined to its dial code (an empty number stays empty). */
function draftFields(d: Draft): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k] of TEXT_FIELDS) fields[k] = d[k];
  for (const [k] of PHONE_FIELDS) fields[k] = d[k].trim() ? `${d[`${k}__dial`]}${d[k]}` : '';
  fields.gender = d.gender;
  fields.date_of_birth = d.date_of_birth;
  fields.preferred_contact_method = d.preferred_contact_method;
  return fields;
}

/** `below`: what the route composes under the profile (privacy's "Download my data" card). */
export function ProfilePage({ below = null }: { below?: ReactNode } = {}) {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const [draft, setDraft] = useState<Draft>({});
  const editor = useProfileEditor(clientId);
  const { mode, profile, fieldErrors: errors, message, justSaved: saved, pending } = editor;

  if (mode === 'failed') {
    return (
      <PageFrame title={PORTAL_TEXT.profileTitle} page="portal-profile">
        <LoadFailed onRetry={editor.retry} />
      </PageFrame>
    );
  }
  if (mode === 'loading' || !profile) {
    return (
      <PageFrame title={PORTAL_TEXT.profileTitle} page="portal-profile">
        <Skeleton variant="rounded" height={400} aria-busy="true" />
      </PageFrame>
    );
  }
  const set = (k: string) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const err = (k: string) => errors[k]?.[0];
  return (
    <PageFrame title={PORTAL_TEXT.profileTitle} page="portal-profile">
      {saved && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {PORTAL_TEXT.saved}
        </Alert>
      )}
      <Card>
        <CardContent>
          {mode === 'viewing' || mode === 'reading' ? (
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }} data-section="profile-view">
              <Row label="Name" value={`${profile.title ? `${profile.title} ` : ''}${profile.first_name} ${profile.last_name}`} />
              <Row label="Gender" value={genderLabel(profile.gender)} />
              <Row label="Date of birth" value={formatDate(profile.date_of_birth)} />
              <Row label="Age" value={PORTAL_TEXT.age(ageInYears(profile.date_of_birth))} />
              <Row label="Phone" value={formatPhone(profile.phone_number)} />
              <Row label="Alternate phone" value={formatPhone(profile.alternate_phone)} />
              <Row label="Alternate email" value={profile.alternate_email ?? '—'} />
              <Row label="Preferred contact" value={contactMethodLabel(profile.preferred_contact_method)} />
              <Row
                label="Address"
                value={
                  [profile.address_line_1, profile.address_line_2, profile.city, profile.state, profile.zipcode, profile.country].filter(Boolean).join(', ') ||
                  '—'
                }
              />
              <Row label="Occupation" value={[profile.occupation, profile.organization].filter(Boolean).join(', ') || '—'} />
              <Row
                label="Emergency contact"
                value={
                  profile.emergency_contact_name
                    ? `${profile.emergency_contact_name} (${profile.emergency_contact_relation ?? '—'}) ${profile.emergency_contact_number ? formatPhone(profile.emergency_contact_number) : ''}`
                    : '—'
                }
              />
              <Row label="ABHA number" value={profile.abha_number ?? '—'} />
              <Row label="Aadhaar" value={maskAadhaar(profile.aadhar_number)} />
            </Box>
          ) : (
            <Box
              component="form"
              noValidate
              aria-label="Edit profile"
              onSubmit={(e) => {
                e.preventDefault();
                editor.save(profilePatchOf(draftFields(draft), profile as unknown as Record<string, unknown>));
              }}
            >
              {message && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {message}
                </Alert>
              )}
              <Stack spacing={2}>
                <TextField select label="Gender" name="gender" value={draft.gender} onChange={set('gender')} error={!!err('gender')} helperText={err('gender')}>
                  <MenuItem value="">Not specified</MenuItem>
                  <MenuItem value="M">Male</MenuItem>
                  <MenuItem value="F">Female</MenuItem>
                </TextField>
                <DateField
                  label="Date of birth"
                  name="date_of_birth"
                  value={draft.date_of_birth}
                  onChange={(value) => set('date_of_birth')({ target: { value } })}
                  disableFuture
                  error={!!err('date_of_birth')}
                  helperText={err('date_of_birth')}
                />
                {TEXT_FIELDS.map(([k, label]) => (
                  <TextField
                    key={k}
                    label={k === 'zipcode' ? postalCodeLabel() : label}
                    name={k}
                    value={draft[k]}
                    onChange={set(k)}
                    error={!!err(k)}
                    helperText={err(k)}
                  />
                ))}
                {PHONE_FIELDS.map(([k, label]) => (
                  <Stack key={k} direction="row" spacing={1}>
                    <TextField
                      select
                      label="Code"
                      name={`${k}__dial`}
                      value={draft[`${k}__dial`]}
                      onChange={set(`${k}__dial`)}
                      sx={{ width: 120 }}
                      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 300 } } } } } }}
                    >
                      {DIAL_CODES.map((c) => (
                        <MenuItem key={c} value={c}>
                          {c}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField label={label} name={k} value={draft[k]} onChange={set(k)} error={!!err(k)} helperText={err(k)} fullWidth />
                  </Stack>
                ))}
                <TextField
                  select
                  label="Preferred contact method"
                  name="preferred_contact_method"
                  value={draft.preferred_contact_method}
                  onChange={set('preferred_contact_method')}
                >
                  {Object.entries(CONTACT_METHOD_LABELS).map(([m, words]) => (
                    <MenuItem key={m} value={m}>
                      {words}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
                <Button type="submit" variant="contained" disabled={pending}>
                  {PORTAL_TEXT.save}
                </Button>
                <Button onClick={editor.cancel} disabled={pending}>
                  {PORTAL_TEXT.cancel}
                </Button>
              </Stack>
            </Box>
          )}
          {mode === 'viewing' && (
            <Button
              sx={{ mt: 2 }}
              variant="outlined"
              onClick={() => {
                setDraft(toDraft(profile));
                editor.edit();
              }}
            >
              {PORTAL_TEXT.edit}
            </Button>
          )}
        </CardContent>
      </Card>
      {mode === 'reading' ? (
        <Card sx={{ mt: 2 }} data-section="sign-in-email">
          <CardContent>
            <Typography variant="h6" component="h2">
              {PORTAL_TEXT.emailTitle}
            </Typography>
            <Typography data-field="email">{profile.email}</Typography>
          </CardContent>
        </Card>
      ) : (
        <EmailChange clientId={clientId} email={profile.email} onChanged={editor.emailChanged} />
      )}
      {mode !== 'reading' && <PasskeysCard />}
      {below}
    </PageFrame>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }} data-field={label}>
        {value}
      </Typography>
    </>
  );
}

function EmailChange({ clientId, email, onChanged }: { clientId: string; email: string; onChanged: (profile: Record<string, unknown>) => void }) {
  const [newEmail, setNewEmail] = useState('');
  const [code, setCode] = useState('');
  const flow = useEmailChange(clientId, onChanged);
  const { mode, destination, message: failure, pending } = flow;
  return (
    <Card sx={{ mt: 2 }} data-section="email-change">
      <CardContent>
        <Typography variant="h6" component="h2">
          {PORTAL_TEXT.emailTitle}
        </Typography>
        <Typography sx={{ mb: 2 }} data-field="email">
          {email}
        </Typography>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {mode === 'idle' && (
          <Stack
            direction="row"
            spacing={1}
            component="form"
            aria-label={PORTAL_TEXT.changeEmail}
            onSubmit={(e) => {
              e.preventDefault();
              flow.start(newEmail.trim());
            }}
          >
            <TextField label="New email" name="new_email" type="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
            <Button type="submit" disabled={pending || !newEmail.trim()}>
              {PORTAL_TEXT.sendCode}
            </Button>
          </Stack>
        )}
        {mode === 'code' && (
          <Box
            component="form"
            aria-label="Confirm email"
            onSubmit={(e) => {
              e.preventDefault();
              flow.confirm(code.trim());
            }}
          >
            <Typography sx={{ mb: 1 }}>{PORTAL_TEXT.codeSent(destination ?? '')}</Typography>
            <Stack direction="row" spacing={1}>
              <TextField label="Code" name="code" value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" />
              <Button type="submit" variant="contained" disabled={pending}>
                {PORTAL_TEXT.confirmCode}
              </Button>
              <Button onClick={flow.resend} disabled={pending}>
                {PORTAL_TEXT.resendCode}
              </Button>
              {/* The sign-in email stays the old one until a code is confirmed, so leaving is safe. */}
              <Button onClick={flow.cancel} disabled={pending}>
                {PORTAL_TEXT.cancel}
              </Button>
            </Stack>
          </Box>
        )}
        {mode === 'changed' && (
          <Alert severity="success" action={<Button onClick={flow.done}>OK</Button>}>
            {PORTAL_TEXT.emailChanged}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
