// A UPI link drawn as a QR code (the `qrcode` dependency's matrix, as one SVG path): drawn while
// rendering, from the link alone, so no effect and no image to wait for.
import { Box } from '@mui/material';
import QRCode from 'qrcode';
import { useMemo } from 'react';

const QUIET = 2;

/** The dark modules of the link's QR code as an SVG path, and the side of its square with the quiet zone. */
export function qrPath(text: string): { d: string; side: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col + QUIET} ${row + QUIET}h1v1h-1z`);
    }
  }
  return { d: parts.join(''), side: modules.size + 2 * QUIET };
}

export function UpiQr({ uri, label, size = 220 }: { uri: string; label: string; size?: number }) {
  const { d, side } = useMemo(() => qrPath(uri), [uri]);
  return (
    <Box component="svg" role="img" aria-label={label} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" data-upi-qr={uri} sx={{ width: size, maxWidth: '100%', height: 'auto', bgcolor: '#fff', display: 'block' }}>
      <path d={d} fill="#000" />
    </Box>
  );
}
