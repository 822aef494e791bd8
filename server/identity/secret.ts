// IDENTITY_SECRET and what is derived from it: one AES-256-GCM key per purpose (HKDF-SHA256),
// used to seal what must be readable again (SRP verifier, TOTP secret, private signing keys,
// SRP secret blocks). Production refuses to start without the variable; development generates
// one under DATA_DIR (0600) so restarts keep working.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config.ts';

export const SECRET_FILE = 'identity-secret';

export class MissingIdentitySecretError extends Error {}

export function resolveIdentitySecret(config: ServerConfig): string {
  if (config.identity.secret) return config.identity.secret;
  if (config.production) {
    throw new MissingIdentitySecretError('IDENTITY_SECRET is required when NODE_ENV=production (it seals the identity service secrets at rest)');
  }
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // Write aside then link: link() fails if another process won the race, and nobody ever
  // reads a half-written file.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export interface Sealer {
  seal(purpose: string, plaintext: string | Buffer): string;
  /** Throws if the blob was not sealed by this secret for this purpose. */
  open(purpose: string, sealed: string): Buffer;
  /** A keyed hash (HMAC-like via HKDF key) for lookups of secrets we never need back. */
  digest(purpose: string, value: string): string;
}

export function createSealer(secret: string): Sealer {
  const keys = new Map<string, Buffer>();
  const keyFor = (purpose: string) => {
    let key = keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', secret, 'thrive-identity', purpose, 32));
      keys.set(purpose, key);
    }
    return key;
  };
  return {
    seal(purpose, plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(purpose, sealed) {
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length < 28) throw new Error('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    },
    digest(purpose, value) {
      return createHash('sha256')
        .update(keyFor(`digest:${purpose}`))
        .update(value)
        .digest('base64url');
    },
  };
}
