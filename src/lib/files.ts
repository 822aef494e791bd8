// Files in the browser, for the adapters that upload and download them: a file's bytes as the
// base64 the API's upload operations take, and a fetched file handed to the browser to save
// (downloads carry the session's token, so they are fetched, never plain links).

/** A file's bytes in base64 (in chunks: one spread of 10 MB of bytes overflows the call stack). */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Hands a fetched file to the browser's save dialog under its own name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
