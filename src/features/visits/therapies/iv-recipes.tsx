// The IV recipes the nurse picks from: the list, a form to add one (base fluid, bag volume and
// its ingredients with doses), and on each recipe Edit (the same fields in a dialog) and
// Deactivate/Activate (a deactivated recipe is not offered for new visits; charted visits keep
// theirs). The server's field errors show beside the field they name.
import { Alert, Box, Button, Grid, IconButton, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ActiveToggleDialog, CatalogueItemButtons } from '../../../lib/staff/catalogue-item-actions.tsx';
import { FormDialog } from '../../../lib/staff/form-dialog.tsx';
import type { ActionHandle } from '../../../lib/staff/hooks.ts';
import {
  canSaveRecipe,
  EMPTY_INGREDIENT,
  EMPTY_RECIPE,
  type IngredientRow,
  type RecipeDraft,
  recipeBody,
  recipeDraft,
} from '../../../../machines/visits/stock-forms.ts';
import type { IvRecipe } from '../visits-api.ts';
import { THERAPIES_TEXT as T } from './texts.ts';

type Row = IngredientRow;
const EMPTY_ROW = EMPTY_INGREDIENT;

type Errors = Record<string, string[]>;

/** The ingredient rows of a recipe (add form and edit dialog alike); a row can go while another stays. */
function IngredientRows({ rows, setRows, errors }: { rows: Row[]; setRows: (update: (rows: Row[]) => Row[]) => void; errors: Errors }) {
  const err = (f: string) => errors[f]?.join(' ');
  const set = (i: number, k: keyof Row, v: string) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  return (
    <>
      {err('ingredients') && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {err('ingredients')}
        </Alert>
      )}
      {rows.map((r, i) => (
        <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }} data-ingredient={i}>
          <TextField
            size="small"
            fullWidth
            label={`${T.ingredient} ${i + 1}`}
            value={r.item}
            onChange={(e) => set(i, 'item', e.target.value)}
            error={!!err(`ingredients.${i}.item`)}
            helperText={err(`ingredients.${i}.item`)}
          />
          <TextField
            size="small"
            label={`${T.dose} ${i + 1}`}
            value={r.dose}
            onChange={(e) => set(i, 'dose', e.target.value)}
            error={!!err(`ingredients.${i}.dose`)}
            helperText={err(`ingredients.${i}.dose`)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            size="small"
            label={`${T.unit} ${i + 1}`}
            value={r.unit}
            onChange={(e) => set(i, 'unit', e.target.value)}
            error={!!err(`ingredients.${i}.unit`)}
            helperText={err(`ingredients.${i}.unit`)}
          />
          {rows.length > 1 && (
            <IconButton
              aria-label={T.remove(`${T.ingredient} ${i + 1}`)}
              onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
              sx={{ alignSelf: 'center' }}
            >
              ×
            </IconButton>
          )}
        </Stack>
      ))}
      <Button sx={{ alignSelf: 'flex-start', mt: 1 }} onClick={() => setRows((rs) => [...rs, EMPTY_ROW])}>
        {T.addIngredient}
      </Button>
    </>
  );
}

function RecipeForm({ create }: { create: ActionHandle<null> }) {
  const [name, setName] = useState('');
  const [fluid, setFluid] = useState('');
  const [volume, setVolume] = useState('');
  const [rows, setRows] = useState<Row[]>([EMPTY_ROW]);
  const fe = create.fieldErrors;
  const err = (f: string) => fe[f]?.join(' ');
  return (
    <form
      noValidate
      aria-label={T.newRecipe}
      onSubmit={(e) => {
        e.preventDefault();
        create.save(recipeBody({ name, fluid, volume, rows }));
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {T.newRecipe}
      </Typography>
      {create.error && (
        <Alert severity="error" sx={{ my: 1 }}>
          {create.error}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ mt: 0 }}>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextField
            fullWidth
            size="small"
            label={T.recipeName}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!err('name')}
            helperText={err('name')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            fullWidth
            size="small"
            label={T.baseFluid}
            value={fluid}
            onChange={(e) => setFluid(e.target.value)}
            error={!!err('base_fluid')}
            helperText={err('base_fluid')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextField
            fullWidth
            size="small"
            label={T.bagVolume}
            value={volume}
            onChange={(e) => setVolume(e.target.value)}
            error={!!err('bag_volume')}
            helperText={err('bag_volume')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
      </Grid>
      <Stack>
        <IngredientRows rows={rows} setRows={setRows} errors={fe} />
      </Stack>
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={create.pending}>
        {create.pending ? T.saving : T.saveRecipe}
      </Button>
    </form>
  );
}

type Draft = RecipeDraft;

/** The recipe's fields in a dialog; everything shown is sent, so what is saved is what was seen. */
function EditRecipeDialog({ edit, draft, setDraft }: { edit: ActionHandle<IvRecipe | null>; draft: Draft; setDraft: (update: (d: Draft) => Draft) => void }) {
  const err = (f: string) => edit.fieldErrors[f]?.join(' ');
  return (
    <FormDialog
      action={edit}
      id="edit-recipe"
      title={edit.subject ? T.editRecipe(edit.subject.name) : ''}
      submitLabel={T.saveEdit}
      pendingLabel={T.saving}
      ready={canSaveRecipe(draft)}
      onSubmit={() => edit.submit(recipeBody(draft))}
    >
      <TextField
        size="small"
        label={T.recipeName}
        required
        value={draft.name}
        onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
        error={!!err('name')}
        helperText={err('name')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          size="small"
          fullWidth
          label={T.baseFluid}
          required
          value={draft.fluid}
          onChange={(e) => setDraft((d) => ({ ...d, fluid: e.target.value }))}
          error={!!err('base_fluid')}
          helperText={err('base_fluid')}
        />
        <TextField
          size="small"
          label={T.bagVolume}
          required
          value={draft.volume}
          onChange={(e) => setDraft((d) => ({ ...d, volume: e.target.value }))}
          error={!!err('bag_volume')}
          helperText={err('bag_volume')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <IngredientRows rows={draft.rows} setRows={(update) => setDraft((d) => ({ ...d, rows: update(d.rows) }))} errors={edit.fieldErrors} />
    </FormDialog>
  );
}

export function IvRecipes({
  recipes,
  create,
  edit,
  toggle,
}: {
  recipes: IvRecipe[];
  create: ActionHandle<null>;
  edit: ActionHandle<IvRecipe | null>;
  toggle: ActionHandle<IvRecipe | null>;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY_RECIPE);
  const openEdit = (r: IvRecipe) => {
    setDraft(recipeDraft(r));
    edit.open(r);
  };
  return (
    <Box data-iv-recipes>
      {recipes.length === 0 && <Typography>{T.recipesEmpty}</Typography>}
      <List dense>
        {recipes.map((r) => (
          <ListItem key={r.id} data-recipe={r.id} data-active={r.active} sx={{ flexWrap: 'wrap', columnGap: 1 }}>
            <ListItemText
              sx={{ minWidth: 200 }}
              primary={`${r.name} · ${r.base_fluid} ${r.bag_volume} ml${r.active ? '' : ` · ${T.inactive}`}`}
              secondary={r.ingredients.map((i) => `${i.item} ${i.dose} ${i.unit}`).join(', ')}
            />
            <Box>
              <CatalogueItemButtons item={r} onEdit={openEdit} toggle={toggle} />
            </Box>
          </ListItem>
        ))}
      </List>
      <RecipeForm create={create} />
      <EditRecipeDialog edit={edit} draft={draft} setDraft={setDraft} />
      <ActiveToggleDialog toggle={toggle} whenDeactivated={T.whenRecipeDeactivated} whenActivated={T.whenRecipeActivated} />
    </Box>
  );
}
