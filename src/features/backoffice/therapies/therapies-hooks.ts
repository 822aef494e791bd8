// The Therapies tab's machines bound to the visits adapter: the settings, recipes and lots as
// records, and their saves as actions (each success toasts and reloads what it changed).
import { useSnackbar } from 'notistack';
import type { components } from '../../../../openapi/generated/api';
import { useShell } from '../../../app/port';
import { useAction, useRecord } from '../../../lib/staff/hooks';
import { createRecipe, fetchLots, fetchRecipes, fetchSettings, type IvRecipe, receiveLot, saveSettings, type StockLot, type TherapySettings } from './therapies-api';
import { THERAPIES_TEXT as T } from './texts';

type S = components['schemas'];

export function useTherapySettings() {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const settings = useRecord<TherapySettings>(() => fetchSettings(api));
  const save = useAction<null>(
    (_s, body) => saveSettings(api, body as S['TherapySettingsPatch']),
    () => {
      enqueueSnackbar(T.settingsSaved, { variant: 'success' });
      settings.reload();
    },
  );
  return { settings, save };
}

export function useIvRecipes() {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const recipes = useRecord<IvRecipe[]>(() => fetchRecipes(api));
  const create = useAction<null>(
    (_s, body) => createRecipe(api, body as S['IvRecipeCreate']),
    (_s, out) => {
      enqueueSnackbar(T.recipeSaved((out as IvRecipe).name), { variant: 'success' });
      recipes.reload();
    },
  );
  return { recipes, create };
}

export function useStockLots() {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const lots = useRecord<StockLot[]>(() => fetchLots(api));
  const receive = useAction<null>(
    (_s, body) => receiveLot(api, body as S['StockLotCreate']),
    (_s, out) => {
      const lot = out as StockLot;
      enqueueSnackbar(T.lotSaved(lot.item, lot.lot_number), { variant: 'success' });
      lots.reload();
    },
  );
  return { lots, receive };
}
