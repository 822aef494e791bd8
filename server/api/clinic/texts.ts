// Why a logo upload is refused (the `errors` map of a 400 on PUT clinic/logo).
export const LOGO_ERRORS = {
  notBase64: 'Must be the image’s content in base64.',
  empty: 'The file is empty.',
  tooBig: 'The logo may be at most 1 MB.',
  notAnImage: 'The logo must be a PNG, JPEG or WebP image.',
} as const;
