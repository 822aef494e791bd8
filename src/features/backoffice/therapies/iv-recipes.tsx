// The IV recipes the nurse picks from: the list, and a form to add one (base fluid, bag volume and
// its ingredients with doses). The server's field errors show beside the field they name.
import { Alert, Box, Button, Grid, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { ActionHandle } from '../../../lib/staff/hooks';
import type { IvRecipe } from './therapies-api';
import { THERAPIES_TEXT as T } from './texts';

interface Row { item: string; dose: string; unit: string }
const EMPTY_ROW: Row = { item: '', dose: '', unit: '' };
const numberOrText = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text);

export function recipeBody(name: string, fluid: string, volume: string, rows: Row[]) {
  return { name: name.trim(), base_fluid: fluid.trim(), bag_volume: numberOrText(volume), ingredients: rows.map((r) => ({ item: r.item.trim(), dose: numberOrText(r.dose), unit: r.unit.trim() })) };
}

function RecipeForm({ create }: { create: ActionHandle<null> }) {
  const [name, setName] = useState('');
  const [fluid, setFluid] = useState('');
  const [volume, setVolume] = useState('');
  const [rows, setRows] = useState<Row[]>([EMPTY_ROW]);
  const fe = create.fieldErrors;
  const err = (f: string) => fe[f]?.join(' ');
  const set = (i: number, k: keyof Row, v: string) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  return (
    <form noValidate aria-label={T.newRecipe} onSubmit={(e) => { e.preventDefault(); create.save(recipeBody(name, fluid, volume, rows)); }}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>{T.newRecipe}</Typography>
      {create.error && <Alert severity="error" sx={{ my: 1 }}>{create.error}</Alert>}
      <Grid container spacing={2} sx={{ mt: 0 }}>
        <Grid size={{ xs: 12, sm: 5 }}><TextField fullWidth size="small" label={T.recipeName} value={name} onChange={(e) => setName(e.target.value)} error={!!err('name')} helperText={err('name')} /></Grid>
        <Grid size={{ xs: 12, sm: 4 }}><TextField fullWidth size="small" label={T.baseFluid} value={fluid} onChange={(e) => setFluid(e.target.value)} error={!!err('base_fluid')} helperText={err('base_fluid')} /></Grid>
        <Grid size={{ xs: 12, sm: 3 }}><TextField fullWidth size="small" label={T.bagVolume} value={volume} onChange={(e) => setVolume(e.target.value)} error={!!err('bag_volume')} helperText={err('bag_volume')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} /></Grid>
      </Grid>
      {err('ingredients') && <Alert severity="error" sx={{ mt: 1 }}>{err('ingredients')}</Alert>}
      {rows.map((r, i) => (
        <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }} data-ingredient={i}>
          <TextField size="small" fullWidth label={`${T.ingredient} ${i + 1}`} value={r.item} onChange={(e) => set(i, 'item', e.target.value)} error={!!err(`ingredients.${i}.item`)} helperText={err(`ingredients.${i}.item`)} />
          <TextField size="small" label={`${T.dose} ${i + 1}`} value={r.dose} onChange={(e) => set(i, 'dose', e.target.value)} error={!!err(`ingredients.${i}.dose`)} helperText={err(`ingredients.${i}.dose`)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <TextField size="small" label={`${T.unit} ${i + 1}`} value={r.unit} onChange={(e) => set(i, 'unit', e.target.value)} error={!!err(`ingredients.${i}.unit`)} helperText={err(`ingredients.${i}.unit`)} />
        </Stack>
      ))}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button onClick={() => setRows((rs) => [...rs, EMPTY_ROW])}>{T.addIngredient}</Button>
        <Button type="submit" variant="contained" disabled={create.pending}>{create.pending ? T.saving : T.saveRecipe}</Button>
      </Stack>
    </form>
  );
}

export function IvRecipes({ recipes, create }: { recipes: IvRecipe[]; create: ActionHandle<null> }) {
  return (
    <Box data-iv-recipes>
      {recipes.length === 0 && <Typography>{T.recipesEmpty}</Typography>}
      <List dense>
        {recipes.map((r) => (
          <ListItem key={r.id} data-recipe={r.id}>
            <ListItemText
              primary={`${r.name} · ${r.base_fluid} ${r.bag_volume} ml${r.active ? '' : ` · ${T.inactive}`}`}
              secondary={r.ingredients.map((i) => `${i.item} ${i.dose} ${i.unit}`).join(', ')}
            />
          </ListItem>
        ))}
      </List>
      <RecipeForm create={create} />
    </Box>
  );
}
