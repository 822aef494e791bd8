// The clinic's name, address and contact details, the super administrator's email that
// /unauthorized shows (empty: the server's SUPPORT_EMAIL), and how the app writes dates, numbers
// and phone numbers (locale and dial code; the app reads them from /config.json when it starts),
// and the logo the sign-in page shows.
import { Alert, Button, Grid, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import type { ClinicSettings, ClinicSettingsPatch } from './clinic-settings-api.ts';
import { ClinicLogo } from './clinic-logo.tsx';
import { WorkRoutingSection } from './work-routing-section.tsx';
import { useClinicSettings, useSettingsSave } from './clinic-settings-hooks.ts';
import { DIAL_CODES } from '../../../machines/rules/dial-codes.ts';
import { PhoneField } from '../../lib/staff/phone-field.tsx';
import { DIAL_CODE_LABEL, LOCALE_LABEL, LOCALE_OPTIONS, SAVE_SETTINGS, SUPER_ADMIN_EMAIL_HELP, SUPER_ADMIN_EMAIL_LABEL } from './texts.ts';

const FIELDS: Array<[keyof ClinicSettingsPatch, string]> = [
  ['name', 'Clinic name'],
  ['phone', 'Phone'],
  ['email', 'Contact email'],
  ['address_line_1', 'Address line 1'],
  ['address_line_2', 'Address line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['zipcode', 'PIN code'],
  ['country', 'Country'],
  ['locale', LOCALE_LABEL],
  ['dial_code', DIAL_CODE_LABEL],
  ['super_admin_email', SUPER_ADMIN_EMAIL_LABEL],
];

const OPTIONS: Partial<Record<keyof ClinicSettingsPatch, Array<[string, string]>>> = {
  locale: LOCALE_OPTIONS,
  dial_code: DIAL_CODES.map((c) => [c, c]),
};

function Form({ settings, onSaved }: { settings: ClinicSettings; onSaved: () => void }) {
  const initial = Object.fromEntries(FIELDS.map(([f]) => [f, (settings[f as keyof ClinicSettings] as string | null) ?? ''])) as Record<string, string>;
  const [values, setValues] = useState(initial);
  const save = useSettingsSave(onSaved);
  const changed = FIELDS.filter(([f]) => values[f] !== initial[f]);
  const fallback = settings.super_admin_email ? null : settings.effective_super_admin_email;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const body: Record<string, string | null> = {};
        for (const [f] of changed) body[f] = f === 'super_admin_email' ? values[f].trim() || null : values[f].trim();
        save.save(body);
      }}
    >
      {save.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {save.error}
        </Alert>
      )}
      <Grid container spacing={2}>
        {FIELDS.map(([f, label]) => {
          const err = save.fieldErrors[f]?.join(' ');
          return (
            <Grid key={f} size={{ xs: 12, sm: f === 'super_admin_email' || f === 'name' ? 12 : 6 }}>
              {f === 'phone' ? (
                <PhoneField label={label} name={f} value={values[f]} onChange={(phone) => setValues((v) => ({ ...v, phone }))} error={!!err} helperText={err} />
              ) : (
                <TextField
                  fullWidth
                  size="small"
                  label={label}
                  select={!!OPTIONS[f]}
                  value={values[f]}
                  onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                  error={!!err}
                  helperText={err ?? (f === 'super_admin_email' && fallback ? SUPER_ADMIN_EMAIL_HELP(fallback) : undefined)}
                >
                  {OPTIONS[f]?.map(([value, text]) => (
                    <MenuItem key={value} value={value}>
                      {text}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Grid>
          );
        })}
      </Grid>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={!changed.length || save.pending}>
        {save.pending ? 'Saving…' : SAVE_SETTINGS}
      </Button>
    </form>
  );
}

export function ClinicSettingsSection() {
  const settings = useClinicSettings();
  if (settings.failed) return <Alert severity="error">{settings.error}</Alert>;
  if (!settings.data) return null;
  const data = settings.data as ClinicSettings;
  return (
    <>
      <Form key={data.updated_at} settings={data} onSaved={settings.reload} />
      <ClinicLogo settings={data} onChanged={settings.reload} />
      <WorkRoutingSection key={`routing-${data.updated_at}`} settings={data} onSaved={settings.reload} />
    </>
  );
}
