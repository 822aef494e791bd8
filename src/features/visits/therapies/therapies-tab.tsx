// The back office Therapies tab: the therapy settings, the IV recipes and the stock lots, each
// loaded on its own so one that fails does not hide the others.
import { Alert, Button, CircularProgress, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { RecordHandle } from '../../../lib/staff/hooks.ts';
import { IvRecipes } from './iv-recipes.tsx';
import { StockLots } from './stock-lots.tsx';
import { useIvRecipes, useStockLots, useTherapySettings } from './therapies-hooks.ts';
import { TherapySettingsForm } from './therapy-settings-form.tsx';
import { THERAPIES_TEXT as T } from './texts.ts';

function Section<D>({ id, title, record, children }: { id: string; title: string; record: RecordHandle<D>; children: (data: D) => ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={`${id}-heading`} variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography id={`${id}-heading`} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {record.failed && (
        <Alert severity="error" action={<Button onClick={record.retry}>{T.retry}</Button>}>
          {record.error ?? T.loadFailed}
        </Alert>
      )}
      {!record.failed && !record.data && <CircularProgress aria-label={title} />}
      {record.data && children(record.data)}
    </Paper>
  );
}

export function TherapiesTab() {
  const { settings, save } = useTherapySettings();
  const { recipes, create, edit, toggle } = useIvRecipes();
  const { lots, receive, adjust } = useStockLots();
  return (
    <>
      <Section id="therapy-settings" title={T.settingsTitle} record={settings}>
        {/* Keyed on the saved values, so the form starts again from what the server kept. */}
        {(data) => <TherapySettingsForm key={JSON.stringify(data)} settings={data} save={save} />}
      </Section>
      <Section id="iv-recipes" title={T.recipesTitle} record={recipes}>
        {(data) => <IvRecipes recipes={data} create={create} edit={edit} toggle={toggle} />}
      </Section>
      <Section id="stock-lots" title={T.lotsTitle} record={lots}>
        {(data) => <StockLots lots={data} receive={receive} adjust={adjust} />}
      </Section>
    </>
  );
}
