// The Therapies tab's machines bound to its adapter: the settings, recipes and lots as records,
// and their saves as actions (each success toasts and reloads what it changed); a lot's history
// is a record of its own, loaded when its view opens.
import { useSnackbar } from 'notistack';
import type { components } from '../../../../openapi/generated/api.ts';
import { useShell } from '../../../app/port.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useAction, useRecord } from '../../../lib/staff/hooks.ts';
import {
  adjustLot,
  createRecipe,
  fetchLots,
  fetchMovements,
  fetchRecipes,
  fetchSettings,
  type IvRecipe,
  receiveLot,
  saveSettings,
  type StockLot,
  type StockMovement,
  type TherapySettings,
  updateRecipe,
} from '../visits-api.ts';
import { THERAPIES_TEXT as T } from './texts.ts';

type S = components['schemas'];

/** One record and the one save that changes it; `saved` words the toast from the server's answer. */
function useRecordAndSave<D, B, O>(load: (api: ApiClient) => Promise<D>, send: (api: ApiClient, body: B) => Promise<O>, saved: (out: O) => string) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const record = useRecord<D>(() => load(api));
  const save = useAction<null>(
    (_s, body) => send(api, body as B),
    (_s, out) => {
      enqueueSnackbar(saved(out as O), { variant: 'success' });
      record.reload();
    },
  );
  return { record, save };
}

export function useTherapySettings() {
  const { record, save } = useRecordAndSave<TherapySettings, S['TherapySettingsPatch'], TherapySettings>(fetchSettings, saveSettings, () => T.settingsSaved);
  return { settings: record, save };
}

/** An action on one row (a recipe, a lot) that toasts the server's answer and reloads the list. */
function useRowAction<R, O>(
  perform: (api: ApiClient, row: R, values: Record<string, unknown>) => Promise<O>,
  done: (row: R, out: O) => string,
  reload: () => void,
) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  return useAction<R | null>(
    (row, values) => perform(api, row!, values),
    (row, out) => {
      enqueueSnackbar(done(row!, out as O), { variant: 'success' });
      reload();
    },
  );
}

export function useIvRecipes() {
  const { record, save } = useRecordAndSave<IvRecipe[], S['IvRecipeCreate'], IvRecipe>(fetchRecipes, createRecipe, (r) => T.recipeSaved(r.name));
  const edit = useRowAction<IvRecipe, IvRecipe>(
    (api, r, body) => updateRecipe(api, r.id, body as S['IvRecipePatch']),
    (_r, out) => T.recipeUpdated(out.name),
    record.reload,
  );
  const toggle = useRowAction<IvRecipe, IvRecipe>(
    (api, r) => updateRecipe(api, r.id, { active: !r.active }),
    (_r, out) => (out.active ? T.recipeActivated(out.name) : T.recipeDeactivated(out.name)),
    record.reload,
  );
  return { recipes: record, create: save, edit, toggle };
}

export function useStockLots() {
  const { record, save } = useRecordAndSave<StockLot[], S['StockLotCreate'], StockLot>(fetchLots, receiveLot, (l) => T.lotSaved(l.item, l.lot_number));
  const adjust = useRowAction<StockLot, StockMovement>(
    (api, l, body) => adjustLot(api, l.id, body as S['StockAdjustmentCreate']),
    (l, out) => T.adjusted(l.item, l.lot_number, out.balance ?? 0, l.unit),
    record.reload,
  );
  return { lots: record, receive: save, adjust };
}

/** One lot's movements, newest first; loaded when the history view mounts. */
export function useLotHistory(lot: StockLot) {
  const { api } = useShell();
  return useRecord<StockMovement[]>(() => fetchMovements(api, lot.id));
}
