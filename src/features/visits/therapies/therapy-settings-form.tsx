// The clinic's therapy settings as ADMIN edits them: display names, screening validity, the
// vitals that block a start, the red light dose warning, the HBOT pressure limits and each
// therapy's contraindications with their weight. Only what changed is sent; the server's field
// errors show beside the field they name.
import { Alert, Box, Button, Grid, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { THERAPIES, type Therapy } from '../../../../machines/visits/therapy-fields.ts';
import type { Contraindication, ContraindicationSeverity } from '../../../../machines/visits/visit-settings.ts';
import type { TherapySettings } from '../visits-api.ts';
import type { ActionHandle } from '../../../lib/staff/hooks.ts';
import { THERAPIES_TEXT as T } from './texts.ts';

type NumberKey = keyof typeof T.numbers;
const NUMBER_KEYS = Object.keys(T.numbers) as NumberKey[];
const SEVERITIES: ContraindicationSeverity[] = ['absolute', 'relative'];

/** A new condition's key, made from its label; existing keys never change, so past screens still read. */
export function conditionKey(label: string, taken: string[]): string {
  const base = (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+|_+$/g, '') || 'condition'
  ).slice(0, 50);
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}_${n}`;
  return key;
}

/** What the form sends: the changed parts only, numbers as numbers when they read as one (else as typed, for the server to name). */
export function settingsPatch(
  initial: TherapySettings,
  names: Record<Therapy, string>,
  numbers: Record<NumberKey, string>,
  lists: Record<Therapy, Contraindication[]>,
) {
  const body: Record<string, unknown> = {};
  const changedNames = Object.fromEntries(THERAPIES.filter((t) => names[t] !== initial.display_names[t]).map((t) => [t, names[t].trim()]));
  if (Object.keys(changedNames).length) body.display_names = changedNames;
  for (const k of NUMBER_KEYS) {
    if (numbers[k] === String(initial[k])) continue;
    const text = numbers[k].trim();
    body[k] = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  }
  const changedLists = Object.fromEntries(
    THERAPIES.filter((t) => JSON.stringify(lists[t]) !== JSON.stringify(initial.contraindications[t])).map((t) => [
      t,
      lists[t].map((c) => ({ ...c, label: c.label.trim() })),
    ]),
  );
  if (Object.keys(changedLists).length) body.contraindications = changedLists;
  return body;
}

function errorsUnder(fieldErrors: Record<string, string[]>, prefix: string): string | undefined {
  const found = Object.entries(fieldErrors).filter(([f]) => f === prefix || f.startsWith(`${prefix}.`));
  return found.length ? found.flatMap(([, m]) => m).join(' ') : undefined;
}

function ConditionList({
  therapy,
  name,
  list,
  onChange,
  error,
}: {
  therapy: Therapy;
  name: string;
  list: Contraindication[];
  onChange: (l: Contraindication[]) => void;
  error?: string;
}) {
  const [label, setLabel] = useState('');
  const [severity, setSeverity] = useState<ContraindicationSeverity>('relative');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }} data-conditions={therapy}>
      <Typography component="legend" variant="subtitle2">
        {name}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ my: 1 }}>
          {error}
        </Alert>
      )}
      {list.map((c, i) => (
        <Stack key={c.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            fullWidth
            label={`${T.conditionLabel} (${name})`}
            value={c.label}
            onChange={(e) => onChange(list.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))}
          />
          <TextField
            select
            size="small"
            label={`${T.severityLabel}: ${c.label}`}
            value={c.severity}
            onChange={(e) => onChange(list.map((x, j) => (j === i ? { ...x, severity: e.target.value as ContraindicationSeverity } : x)))}
            sx={{ minWidth: 240 }}
          >
            {SEVERITIES.map((s) => (
              <MenuItem key={s} value={s}>
                {T.severity[s]}
              </MenuItem>
            ))}
          </TextField>
          <IconButton aria-label={T.remove(c.label)} onClick={() => onChange(list.filter((_x, j) => j !== i))}>
            ×
          </IconButton>
        </Stack>
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <TextField size="small" fullWidth label={`${T.addCondition} (${name})`} value={label} onChange={(e) => setLabel(e.target.value)} />
        <TextField
          select
          size="small"
          label={`${T.severityLabel} (${name})`}
          value={severity}
          onChange={(e) => setSeverity(e.target.value as ContraindicationSeverity)}
          sx={{ minWidth: 240 }}
        >
          {SEVERITIES.map((s) => (
            <MenuItem key={s} value={s}>
              {T.severity[s]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          disabled={!label.trim()}
          onClick={() => {
            onChange([
              ...list,
              {
                key: conditionKey(
                  label,
                  list.map((c) => c.key),
                ),
                label: label.trim(),
                severity,
              },
            ]);
            setLabel('');
          }}
        >
          {T.addCondition}
        </Button>
      </Stack>
    </Box>
  );
}

export function TherapySettingsForm({ settings, save }: { settings: TherapySettings; save: ActionHandle<null> }) {
  const [names, setNames] = useState<Record<Therapy, string>>({ ...settings.display_names } as Record<Therapy, string>);
  const [numbers, setNumbers] = useState(Object.fromEntries(NUMBER_KEYS.map((k) => [k, String(settings[k])])) as Record<NumberKey, string>);
  const [lists, setLists] = useState(settings.contraindications as Record<Therapy, Contraindication[]>);
  const body = settingsPatch(settings, names, numbers, lists);
  const fe = save.fieldErrors;
  return (
    <form
      noValidate
      aria-label={T.settingsTitle}
      onSubmit={(e) => {
        e.preventDefault();
        save.save(body);
      }}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {T.settingsHelp}
      </Typography>
      {save.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {save.error}
        </Alert>
      )}
      <Typography variant="subtitle1" component="h3">
        {T.displayNames}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2, mt: 0 }}>
        {THERAPIES.map((t) => {
          const err = errorsUnder(fe, `display_names.${t}`);
          return (
            <Grid key={t} size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                fullWidth
                size="small"
                label={`${T.displayNames}: ${settings.display_names[t]}`}
                value={names[t]}
                onChange={(e) => setNames((v) => ({ ...v, [t]: e.target.value }))}
                error={!!err}
                helperText={err}
              />
            </Grid>
          );
        })}
      </Grid>
      <Typography variant="subtitle1" component="h3">
        {T.thresholds}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2, mt: 0 }}>
        {NUMBER_KEYS.map((k) => {
          const err = errorsUnder(fe, k);
          return (
            <Grid key={k} size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                fullWidth
                size="small"
                label={T.numbers[k]}
                value={numbers[k]}
                onChange={(e) => setNumbers((v) => ({ ...v, [k]: e.target.value }))}
                error={!!err}
                helperText={err}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Grid>
          );
        })}
      </Grid>
      <Typography variant="subtitle1" component="h3">
        {T.contraindications}
      </Typography>
      {THERAPIES.map((t) => (
        <ConditionList
          key={t}
          therapy={t}
          name={settings.display_names[t] ?? t}
          list={lists[t]}
          onChange={(l) => setLists((v) => ({ ...v, [t]: l }))}
          error={errorsUnder(fe, `contraindications.${t}`)}
        />
      ))}
      <Button type="submit" variant="contained" disabled={!Object.keys(body).length || save.pending}>
        {save.pending ? T.saving : T.saveSettings}
      </Button>
    </form>
  );
}
