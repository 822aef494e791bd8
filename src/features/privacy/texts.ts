// Every string of the privacy screens (issue 38): the "Download my data" card on the portal's profile. Tests assert these.
import type { DataExport } from './privacy-api.ts';

export const MY_DATA_TEXT = {
  title: 'Download my data',
  intro:
    'Ask for a copy of everything the clinic holds about you: one zip with a readable PDF summary and your records as JSON files. ' +
    'It is prepared in the background; we email you when it is ready.',
  request: 'Prepare my data',
  requesting: 'Asking…',
  refresh: 'Check again',
  download: 'Download',
  loadFailed: 'Your data exports could not be loaded.',
  retry: 'Load my data exports again',
  requested: 'Asked for: we are preparing your data and will email you when it is ready.',
  requestFailed: 'Your data could not be asked for now. Your exports are shown as they stand.',
  none: 'You have not asked for your data yet.',
  askedOn: (when: string) => `Asked for on ${when}`,
  readyUntil: (until: string) => `Ready to download until ${until}`,
  failed: 'This one could not be prepared and nothing of it was kept: ask again with “Prepare my data”.',
  fileName: (day: string) => `my-data-${day}.zip`,
};

export const EXPORT_STATUS: Record<DataExport['status'], string> = {
  requested: 'Asked for',
  building: 'Being prepared',
  ready: 'Ready',
  expired: 'Expired',
  failed: 'Could not be prepared',
};
