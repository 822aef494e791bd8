// The clinic's logo on the clinic details tab: what the sign-in page shows now, and upload,
// replace or remove. The server decides by the image's bytes; the size check here only saves
// sending a file it would refuse.
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { LOGO_ACCEPT, LOGO_MAX_BYTES } from '../../../machines/rules/clinic-logo.ts';
import type { ClinicSettings } from './clinic-settings-api.ts';
import { useLogoChange } from './clinic-settings-hooks.ts';
import { LOGO_HEADING, LOGO_HELP, LOGO_NONE, LOGO_PREVIEW_ALT, LOGO_REMOVE, LOGO_REPLACE, LOGO_TOO_BIG, LOGO_UPLOAD } from './texts.ts';

export function ClinicLogo({ settings, onChanged }: { settings: ClinicSettings; onChanged: () => void }) {
  const change = useLogoChange(onChanged);
  const input = useRef<HTMLInputElement>(null);
  const [tooBig, setTooBig] = useState(false);
  const refusal = tooBig ? LOGO_TOO_BIG : (change.fieldErrors.content_base64?.join(' ') ?? change.error);
  return (
    <Box component="section" aria-labelledby="clinic-logo-heading" data-section="clinic-logo" sx={{ mt: 3 }}>
      <Typography id="clinic-logo-heading" variant="subtitle1" component="h3">
        {LOGO_HEADING}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {LOGO_HELP}
      </Typography>
      {settings.logo_url ? (
        <Box
          component="img"
          src={settings.logo_url}
          alt={LOGO_PREVIEW_ALT}
          sx={{ display: 'block', height: 64, maxWidth: '100%', objectFit: 'contain', mb: 1 }}
        />
      ) : (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {LOGO_NONE}
        </Typography>
      )}
      {refusal && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {refusal}
        </Alert>
      )}
      <input
        ref={input}
        type="file"
        accept={LOGO_ACCEPT}
        hidden
        aria-label={settings.logo_url ? LOGO_REPLACE : LOGO_UPLOAD}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setTooBig(file.size > LOGO_MAX_BYTES);
          if (file.size > LOGO_MAX_BYTES) return;
          change.open(file);
          change.submit();
        }}
      />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" disabled={change.pending} onClick={() => input.current?.click()}>
          {settings.logo_url ? LOGO_REPLACE : LOGO_UPLOAD}
        </Button>
        {settings.logo_url && (
          <Button
            color="error"
            disabled={change.pending}
            onClick={() => {
              setTooBig(false);
              change.open(null);
              change.submit();
            }}
          >
            {LOGO_REMOVE}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
