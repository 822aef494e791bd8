// The UPI link drawn as a QR code (the `qrcode` dependency's matrix, as SVG squares): drawn while
// rendering, from the link alone, so it needs no canvas and no effect.
import QRCode from 'qrcode';

export function UpiQr({ uri, label, size = 220 }: { uri: string; label: string; size?: number }) {
  const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const quiet = 4;
  const cells: string[] = [];
  for (let row = 0; row < n; row += 1) for (let col = 0; col < n; col += 1) if (modules.get(row, col)) cells.push(`M${col + quiet} ${row + quiet}h1v1h-1z`);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n + 2 * quiet} ${n + 2 * quiet}`}
      shapeRendering="crispEdges"
      data-upi-uri={uri}
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}
