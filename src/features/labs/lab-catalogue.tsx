// The Labs tab's catalogue and pincode sections (ADMIN+ on the server): the tests, profiles and
// packages with their markers and reference ranges by sex and age, and the serviceable pincodes with
// their capacity per slot. The forms hold what is being typed; adding is one act of the lab desk chart.
// Each item's row has Edit and Deactivate/Activate (the shared catalogue-row buttons): an edit is
// its own dialog, and once saved the desk reads everything again. A deactivated item is no longer
// offered for new bookings; orders that have it keep it.
import { Box, Button, Card, CardContent, Chip, MenuItem, Stack, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BLANK_EDIT,
  canSaveEdit,
  catalogueEdit,
  type EditForm,
  editForm,
  type MarkerForm,
  markerForms,
  NEW_ITEM,
  NEW_MARKER,
  NEW_RANGE,
  newCatalogueItem,
  type RangeForm,
  typedNumber,
} from '../../../machines/labs/catalogue-forms.ts';
import type { DeskAct, DeskCatalogueEntry, DeskCatalogueItem, DeskContext } from '../../../machines/labs/lab-desk-machine.ts';
import { useShell } from '../../app/port.ts';
import { formatCurrency } from '../../lib/format.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { ActiveToggleDialog, CatalogueItemButtons } from '../../lib/staff/catalogue-item-actions.tsx';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import { useAction } from '../../lib/staff/hooks.ts';
import { editCatalogueItem } from './labs-api.ts';
import { LAB_DESK_TEXT as T } from './desk-texts.ts';

interface Desk {
  /** The desk chart is not waiting for staff (loading, saving): the forms' buttons wait. */
  busy: boolean;
  context: DeskContext;
  send: (event: { type: 'desk.act'; act: DeskAct } | { type: 'desk.reload' }) => void;
}

function PincodeSection({ desk }: { desk: Desk }) {
  const [form, setForm] = useState({ pincode: '', area: '', slot_capacity: '4' });
  const busy = desk.busy;
  return (
    <Box component="section" aria-labelledby="lab-pincodes" sx={{ mb: 3 }} data-lab-pincodes>
      <Typography id="lab-pincodes" variant="h6" component="h2">
        {T.pincodes}
      </Typography>
      {desk.context.pincodes.length === 0 && <Typography>{T.pincodesEmpty}</Typography>}
      <Box component="ul" sx={{ pl: 2 }}>
        {desk.context.pincodes.map((p) => (
          <li key={p.pincode} data-pincode={p.pincode}>
            {T.pincodeLine(p)}
          </li>
        ))}
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          desk.send({
            type: 'desk.act',
            act: { kind: 'pincode', pincode: { pincode: form.pincode.trim(), area: form.area.trim(), slot_capacity: typedNumber(form.slot_capacity) } },
          });
        }}
      >
        <TextField
          size="small"
          label={T.pincode}
          value={form.pincode}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          onChange={(e) => setForm({ ...form, pincode: e.target.value })}
        />
        <TextField size="small" label={T.area} value={form.area} onChange={(e) => setForm({ ...form, area: e.target.value })} />
        <TextField
          size="small"
          label={T.slotCapacity}
          value={form.slot_capacity}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          onChange={(e) => setForm({ ...form, slot_capacity: e.target.value })}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {T.savePincode}
        </Button>
      </Stack>
    </Box>
  );
}

/** A marker's fields; an existing marker keeps its code (past results name it) and cannot be removed. */
function MarkerFields({
  marker,
  index,
  onChange,
  onRemove,
  codeLocked = false,
}: {
  marker: MarkerForm;
  index: number;
  onChange: (m: MarkerForm) => void;
  onRemove?: () => void;
  codeLocked?: boolean;
}) {
  const setRange = (j: number, r: RangeForm) => onChange({ ...marker, ranges: marker.ranges.map((x, k) => (k === j ? r : x)) });
  return (
    <Card variant="outlined" sx={{ mb: 1 }} data-marker={index}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            size="small"
            label={T.markerCode}
            value={marker.code}
            disabled={codeLocked}
            onChange={(e) => onChange({ ...marker, code: e.target.value })}
          />
          <TextField size="small" label={T.markerName} value={marker.name} onChange={(e) => onChange({ ...marker, name: e.target.value })} />
          <TextField size="small" label={T.unit} value={marker.unit} onChange={(e) => onChange({ ...marker, unit: e.target.value })} />
          {onRemove && <Button onClick={onRemove}>{T.remove}</Button>}
        </Stack>
        <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
          {T.ranges}
        </Typography>
        {marker.ranges.map((r, j) => (
          <Stack key={j} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 1 }} data-range={j}>
            <TextField
              select
              size="small"
              label={T.sex}
              value={r.sex}
              sx={{ minWidth: 100 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              onChange={(e) => setRange(j, { ...r, sex: e.target.value })}
            >
              <MenuItem value="">{T.eitherSex}</MenuItem>
              <MenuItem value="F">{T.female}</MenuItem>
              <MenuItem value="M">{T.male}</MenuItem>
            </TextField>
            {(['age_min', 'age_max', 'low', 'high', 'critical_low', 'critical_high'] as const).map((field) => (
              <TextField
                key={field}
                size="small"
                label={{ age_min: T.ageMin, age_max: T.ageMax, low: T.low, high: T.high, critical_low: T.criticalLow, critical_high: T.criticalHigh }[field]}
                value={r[field]}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                onChange={(e) => setRange(j, { ...r, [field]: e.target.value })}
              />
            ))}
            <Button onClick={() => onChange({ ...marker, ranges: marker.ranges.filter((_, k) => k !== j) })}>{T.remove}</Button>
          </Stack>
        ))}
        <Button sx={{ mt: 1 }} onClick={() => onChange({ ...marker, ranges: [...marker.ranges, NEW_RANGE] })}>
          {T.addRange}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The edit dialog and the Deactivate/Activate confirmation of the catalogue's rows. */
function useItemEdits(desk: Desk) {
  const { api } = useShell();
  const [form, setForm] = useState<EditForm>(BLANK_EDIT);
  const [markers, setMarkers] = useState<MarkerForm[]>([]);
  const [tests, setTests] = useState<number[]>([]);
  const reload = () => desk.send({ type: 'desk.reload' });
  const action = useAction<DeskCatalogueEntry | null>((item) => editCatalogueItem(api, item!.id, catalogueEdit(item!, form, markers, tests)), reload);
  const toggle = useAction<DeskCatalogueEntry | null>((item) => editCatalogueItem(api, item!.id, { active: !item!.active }), reload);
  const start = (item: DeskCatalogueEntry) => {
    setForm(editForm(item));
    setMarkers(markerForms(item));
    setTests(item.tests);
    action.open(item);
  };
  return { action, toggle, form, setForm, markers, setMarkers, tests, setTests, start };
}

function EditItemDialog({ edit, catalogue }: { edit: ReturnType<typeof useItemEdits>; catalogue: DeskCatalogueEntry[] }) {
  const item = edit.action.subject;
  const { form, setForm, markers, setMarkers, tests, setTests } = edit;
  const err = (f: string) => edit.action.fieldErrors[f]?.join(' ');
  const known = new Set(item?.markers.map((m) => m.code) ?? []);
  const field = (name: keyof EditForm, label: string, numeric = false) => (
    <TextField
      size="small"
      label={label}
      value={form[name]}
      error={!!err(name)}
      helperText={err(name)}
      slotProps={numeric ? { htmlInput: { inputMode: 'numeric' } } : {}}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
    />
  );
  return (
    <FormDialog
      action={edit.action}
      id="lab-item"
      title={item ? T.editTitle(item.name) : ''}
      submitLabel={T.saveItem}
      pendingLabel={T.saving}
      ready={canSaveEdit(form)}
      onSubmit={() => edit.action.submit()}
    >
      {field('name', T.name)}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {field('price_inr', T.price, true)}
        {field('fasting_hours', T.fastingHours, true)}
        {field('report_hours', T.reportHours, true)}
      </Stack>
      {field('sample_type', T.sampleType)}
      <TextField
        size="small"
        multiline
        label={T.description}
        value={form.description}
        error={!!err('description')}
        helperText={err('description')}
        onChange={(e) => setForm({ ...form, description: e.target.value })}
      />
      {item?.kind === 'test' ? (
        <Box data-edit-markers>
          <Typography variant="subtitle1" component="h3">
            {T.markers}
          </Typography>
          {err('markers') && (
            <Typography color="error" variant="body2">
              {err('markers')}
            </Typography>
          )}
          {markers.map((m, i) => (
            <MarkerFields
              key={i}
              marker={m}
              index={i}
              codeLocked={known.has(m.code)}
              onChange={(next) => setMarkers(markers.map((x, k) => (k === i ? next : x)))}
              onRemove={known.has(m.code) ? undefined : () => setMarkers(markers.filter((_, k) => k !== i))}
            />
          ))}
          <Button onClick={() => setMarkers([...markers, NEW_MARKER])}>{T.addMarker}</Button>
        </Box>
      ) : (
        <TextField
          select
          size="small"
          label={T.includes}
          value={tests}
          error={!!err('tests')}
          helperText={err('tests')}
          slotProps={{ select: { multiple: true } }}
          onChange={(e) => setTests((e.target.value as unknown as (number | string)[]).map(Number))}
        >
          {catalogue
            .filter((c) => c.kind === 'test' && (c.active || tests.includes(c.id)))
            .map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
        </TextField>
      )}
    </FormDialog>
  );
}

function CatalogueSection({ desk }: { desk: Desk }) {
  const edit = useItemEdits(desk);
  const { toggle } = edit;
  const [item, setItem] = useState(NEW_ITEM);
  const [markers, setMarkers] = useState<MarkerForm[]>([NEW_MARKER]);
  const [tests, setTests] = useState<number[]>([]);
  const busy = desk.busy;
  const isTest = item.kind === 'test';
  const save = () => desk.send({ type: 'desk.act', act: { kind: 'catalogue', item: newCatalogueItem(item, markers, tests) } });
  return (
    <Box component="section" aria-labelledby="lab-catalogue" sx={{ mb: 3 }} data-lab-catalogue>
      <Typography id="lab-catalogue" variant="h6" component="h2">
        {T.catalogue}
      </Typography>
      {desk.context.catalogue.length === 0 && <Typography>{T.catalogueEmpty}</Typography>}
      {desk.context.catalogue.length > 0 && (
        <ScrollTable size="small" aria-label={T.catalogue} sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{T.name}</TableCell>
              <TableCell>{T.includesColumn}</TableCell>
              <TableCell align="right">{T.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {desk.context.catalogue.map((c) => (
              <TableRow key={c.id} data-catalogue-item={c.code} data-active={String(c.active)}>
                <TableCell>
                  {T.itemLine({ ...c, kind: T.kinds[c.kind] ?? c.kind }, formatCurrency(c.price_inr))} {!c.active && <Chip size="small" label={T.inactive} />}
                </TableCell>
                <TableCell>{c.markers.map((m) => `${m.name} (${m.unit})`).join(', ')}</TableCell>
                <TableCell align="right">
                  <CatalogueItemButtons item={c} onEdit={edit.start} toggle={toggle} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 1 }}>
          <TextField size="small" label={T.code} value={item.code} onChange={(e) => setItem({ ...item, code: e.target.value })} />
          <TextField size="small" label={T.name} value={item.name} onChange={(e) => setItem({ ...item, name: e.target.value })} />
          <TextField
            select
            size="small"
            label={T.kind}
            value={item.kind}
            sx={{ minWidth: 120 }}
            onChange={(e) => setItem({ ...item, kind: e.target.value as DeskCatalogueItem['kind'] })}
          >
            {Object.entries(T.kinds).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={T.price}
            value={item.price_inr}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            onChange={(e) => setItem({ ...item, price_inr: e.target.value })}
          />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 1 }}>
          <TextField
            size="small"
            label={T.fastingHours}
            value={item.fasting_hours}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            onChange={(e) => setItem({ ...item, fasting_hours: e.target.value })}
          />
          <TextField size="small" label={T.sampleType} value={item.sample_type} onChange={(e) => setItem({ ...item, sample_type: e.target.value })} />
          <TextField
            size="small"
            label={T.reportHours}
            value={item.report_hours}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            onChange={(e) => setItem({ ...item, report_hours: e.target.value })}
          />
        </Stack>
        <TextField
          size="small"
          fullWidth
          multiline
          label={T.description}
          value={item.description}
          sx={{ mb: 1 }}
          onChange={(e) => setItem({ ...item, description: e.target.value })}
        />
        {isTest ? (
          <>
            <Typography variant="subtitle1" component="h3">
              {T.markers}
            </Typography>
            {markers.map((m, i) => (
              <MarkerFields
                key={i}
                marker={m}
                index={i}
                onChange={(next) => setMarkers(markers.map((x, k) => (k === i ? next : x)))}
                onRemove={() => setMarkers(markers.filter((_, k) => k !== i))}
              />
            ))}
            <Button onClick={() => setMarkers([...markers, NEW_MARKER])}>{T.addMarker}</Button>
          </>
        ) : (
          <TextField
            select
            size="small"
            fullWidth
            label={T.includes}
            value={tests}
            slotProps={{ select: { multiple: true } }}
            onChange={(e) => setTests((e.target.value as unknown as (number | string)[]).map(Number))}
          >
            {desk.context.catalogue
              .filter((c) => c.kind === 'test' && c.active)
              .map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
          </TextField>
        )}
        <Box sx={{ mt: 1 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {T.addItem}
          </Button>
        </Box>
      </Box>
      <EditItemDialog edit={edit} catalogue={desk.context.catalogue} />
      <ActiveToggleDialog toggle={toggle} whenDeactivated={T.whenDeactivated} whenActivated={T.whenActivated} />
    </Box>
  );
}

/** The catalogue and the pincodes, on the back office's Labs tab. */
export function LabCatalogue({ desk }: { desk: Desk }) {
  return (
    <>
      <CatalogueSection desk={desk} />
      <PincodeSection desk={desk} />
    </>
  );
}
