// "Attach files": the file input itself is what the keyboard and screen readers reach (visually
// hidden, named by the button's text), and the button is only its look. MUI's usual
// `<Button component="label">` puts role="button" on a <label>, which assistive technology
// rejects (Lighthouse: "ARIA roles on incompatible elements"); a `hidden` input cannot be focused.
import { Button } from '@mui/material';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

interface AttachButtonProps {
  label: string;
  accept: string;
  onFiles: (files: File[]) => void;
  /** The input's data-field, for tests. */
  field?: string;
}

export function AttachButton({ label, accept, onFiles, field }: AttachButtonProps) {
  return (
    <Button component="label" role={undefined} tabIndex={-1} variant="outlined" sx={{ '&:focus-within': { outline: '2px solid', outlineOffset: 2 } }}>
      {label}
      <input type="file" multiple accept={accept} data-field={field} style={VISUALLY_HIDDEN} onChange={(e) => onFiles([...(e.target.files ?? [])])} />
    </Button>
  );
}
