// What a draft adds: a product from the catalogue (its name, code, price and tax), or a manual
// line typed here (description, optional SAC/HSN, unit price, one of the clinic's GST rates, or
// exempt). Both go into the draft's lines; Save draft sends them.
import { Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { manualProblem } from '../../../machines/billing/billing-document-machine.ts';
import type { DocumentView } from './billing-document-page.tsx';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';

export function DraftAdditions({ view }: { view: DocumentView }) {
  const { products, rates, manual } = view.context;
  const active = products.filter((p) => p.active);
  const problem = manualProblem(manual, rates);
  const typed = manual.description !== '' || manual.price !== '';
  const set = (field: 'description' | 'code' | 'price' | 'rate') => (e: { target: { value: string } }) =>
    view.send({ type: 'manual.set', field, value: e.target.value });
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mt: 2 }}>
      <Box sx={{ flex: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {T.addProduct}
        </Typography>
        {active.length === 0 ? (
          <Typography variant="body2">{T.noProducts}</Typography>
        ) : (
          <TextField
            select
            size="small"
            fullWidth
            label={T.product}
            value=""
            onChange={(e) => view.send({ type: 'line.addProduct', product: Number(e.target.value) })}
            sx={{ mt: 1 }}
          >
            {active.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {T.productOption(p.name, formatPaise(p.unit_price_paise))}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <Box
        component="form"
        sx={{ flex: 2 }}
        aria-label={T.manualLine}
        onSubmit={(e) => {
          e.preventDefault();
          view.send({ type: 'line.addManual' });
        }}
      >
        <Typography variant="subtitle2" component="h3">
          {T.manualLine}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: { sm: 'center' } }} useFlexGap>
          <TextField
            size="small"
            label={T.manual.description}
            value={manual.description}
            onChange={set('description')}
            error={typed && problem === 'description'}
          />
          <TextField
            size="small"
            label={T.manual.code}
            value={manual.code}
            onChange={set('code')}
            error={problem === 'code'}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: { sm: 150 } }}
          />
          <TextField
            size="small"
            label={T.manual.price}
            value={manual.price}
            onChange={set('price')}
            error={typed && problem === 'price'}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ width: { sm: 140 } }}
          />
          <TextField select size="small" label={T.manual.rate} value={manual.rate} onChange={set('rate')} disabled={manual.exempt} sx={{ width: { sm: 120 } }}>
            {rates.map((bp) => (
              <MenuItem key={bp} value={String(bp)}>
                {T.rateOption(bp)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Checkbox checked={manual.exempt} onChange={(e) => view.send({ type: 'manual.exempt', value: e.target.checked })} />}
            label={T.manual.exempt}
          />
          <Button type="submit" variant="outlined" disabled={problem !== null}>
            {T.addLine}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
