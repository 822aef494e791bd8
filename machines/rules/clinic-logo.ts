// What a clinic logo may be (issue 24): a small raster image, its type read from its first bytes.
// SVG is refused because it can carry script; 1 MB is far more than a sign-in page logo needs.
import { sniffFileType } from './file-types.ts';

export const LOGO_MAX_BYTES = 1024 * 1024;

export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The browser's file picker filter; the server decides by the bytes, not by this. */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';

/** The logo's real type from its magic bytes, or null when it is not a PNG, JPEG or WebP. */
export function logoTypeOf(bytes: Uint8Array): LogoType | null {
  const type = sniffFileType(bytes);
  return type === 'image/png' || type === 'image/jpeg' || type === 'image/webp' ? type : null;
}

/** Where the browser fetches the logo: versioned by its checksum, so it may be cached for good. */
export function logoUrl(sha256: string): string {
  return `/clinic-logo?v=${sha256.slice(0, 16)}`;
}
