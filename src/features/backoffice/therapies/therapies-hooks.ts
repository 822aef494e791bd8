// The Therapies tab's machines bound to its adapter: the settings, recipes and lots as records,
// and their saves as actions (each success toasts and reloads what it changed).
import { useSnackbar } from 'notistack';
import type { components } from '../../../../openapi/generated/api';
import { useShell } from '../../../app/port';
import type { ApiClient } from '../../../lib/api-client';
import { useAction, useRecord } from '../../../lib/staff/hooks';
import { createRecipe, fetchLots, fetchRecipes, fetchSettings, type IvRecipe, receiveLot, saveSettings, type StockLot, type TherapySettings } from './therapies-api';
import { THERAPIES_TEXT as T } from './texts';

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

export function useIvRecipes() {
  const { record, save } = useRecordAndSave<IvRecipe[], S['IvRecipeCreate'], IvRecipe>(fetchRecipes, createRecipe, (r) => T.recipeSaved(r.name));
  return { recipes: record, create: save };
}

export function useStockLots() {
  const { record, save } = useRecordAndSave<StockLot[], S['StockLotCreate'], StockLot>(fetchLots, receiveLot, (l) => T.lotSaved(l.item, l.lot_number));
  return { lots: record, receive: save };
}
