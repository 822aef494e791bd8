// The UPI payment link for a document (India reference §3.1, NPCI linking specification):
// `upi://pay?pa=<VPA>&pn=<payee name>&am=<rupees.paise>&cu=INR&tn=<document number>`, each value
// percent-encoded. The screen and the portal draw it as a QR code; reception marks the money
// received with its UTR (a static link has no callback). Pure.

/** Paise as UPI's amount: rupees with two decimals ("1180.00"). */
export function upiAmount(paise: number): string {
  if (!Number.isInteger(paise) || paise < 1) throw new Error('A UPI amount is at least one paisa');
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

export function upiPayUri(payee: { vpa: string; name: string }, amountPaise: number, note: string): string {
  const params: [string, string][] = [
    ['pa', payee.vpa],
    ['pn', payee.name],
    ['am', upiAmount(amountPaise)],
    ['cu', 'INR'],
    ['tn', note],
  ];
  return `upi://pay?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}

/** A UPI transaction reference (UTR / RRN) is 12 digits. */
export const UPI_UTR = /^[0-9]{12}$/;
