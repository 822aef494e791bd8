// What a file is, read from its first bytes ("magic numbers"), never from its name or the type a
// browser declares: a renamed executable is not an image. Support attachments and the clinic logo
// accept different subsets of these.

export type FileType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The file's real type, or null when it is none of the images or PDF we accept anywhere. */
export function sniffFileType(bytes: Uint8Array): FileType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}
