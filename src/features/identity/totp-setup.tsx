// The authenticator-app setup: the provisioning link as a 228x228 QR code (§9), the shared
// secret with a copy button and its confirmation.
import { Box, Button, Typography } from '@mui/material';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { COPIED, COPY_SECRET } from '../../../machines/identity/texts.ts';

export const QR_SIZE = 228;
export const TOTP_ISSUER = 'ThriveClinic';

export function totpUri(secret: string, account: string): string {
  const label = encodeURIComponent(`${TOTP_ISSUER}:${account}`);
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(TOTP_ISSUER)}`;
}

export function TotpSetup({ secret, account }: { secret: string; account: string }) {
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(totpUri(secret, account), { width: QR_SIZE, margin: 1 })
      .then((url) => live && setQr(url))
      .catch((error: unknown) => console.error('Could not draw the QR code', error));
    return () => {
      live = false;
    };
  }, [secret, account]);

  const copy = () => {
    navigator.clipboard
      .writeText(secret)
      .then(() => setCopied(true))
      .catch((error: unknown) => console.error('Could not copy the secret', error));
  };

  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
      {qr && <img src={qr} width={QR_SIZE} height={QR_SIZE} alt="QR code for your authenticator app" />}
      <Typography component="code" data-testid="totp-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', textAlign: 'center' }}>
        {secret}
      </Typography>
      <Button variant="outlined" size="small" onClick={copy}>
        {COPY_SECRET}
      </Button>
      {copied && (
        <Typography role="status" color="success.main">
          {COPIED}
        </Typography>
      )}
    </Box>
  );
}
