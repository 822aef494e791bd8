// RS256 signing keys: one active key for ID tokens and one for access tokens (Cognito signs them
// with different kids). Private keys are sealed at rest. Rotation makes a new active key and
// retires the old one, which stays published until every token it signed has expired.
import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'jose';
import type { IdentityContext } from './context.ts';

const generate = promisify(generateKeyPair);

export type TokenUse = 'id' | 'access';

interface SigningKey {
  kid: string;
  use: TokenUse;
  publicJwk: JWK;
  publicKey: KeyObject;
  privateKey: KeyObject;
  createdAt: Date;
  retiredAt: Date | null;
}

export class SigningKeys {
  private keys = new Map<string, SigningKey>();
  private lastReload = 0;

  constructor(private readonly ctx: IdentityContext) {}

  private get publishMs(): number {
    const s = this.ctx.settings;
    return Math.max(s.accessTokenMinutes, s.idTokenMinutes) * 60_000 + 5 * 60_000;
  }

  /** A key sealed under another IDENTITY_SECRET cannot be opened: say which setting is wrong. */
  private openPrivateKey(sealed: string): Buffer {
    try {
      return this.ctx.sealer.open('signing-key', sealed);
    } catch (error) {
      throw new Error(
        'the identity signing keys in this database were sealed with a different IDENTITY_SECRET; every instance sharing a database needs the same IDENTITY_SECRET',
        { cause: error },
      );
    }
  }

  async load(): Promise<void> {
    const rows = await this.ctx.db.selectFrom('identity.signing_keys').selectAll().execute();
    const next = new Map<string, SigningKey>();
    for (const r of rows) {
      const existing = this.keys.get(r.kid);
      const privateKey = existing?.privateKey ?? createPrivateKey({ key: this.openPrivateKey(r.private_sealed), format: 'der', type: 'pkcs8' });
      const publicJwk = (typeof r.public_jwk === 'string' ? JSON.parse(r.public_jwk) : r.public_jwk) as JWK;
      next.set(r.kid, {
        kid: r.kid,
        use: r.token_use,
        publicJwk,
        publicKey: createPublicKey({ key: publicJwk as import('node:crypto').JsonWebKey, format: 'jwk' }),
        privateKey,
        createdAt: new Date(r.created_at),
        retiredAt: r.retired_at ? new Date(r.retired_at) : null,
      });
    }
    this.keys = next;
    this.lastReload = Date.now();
  }

  /** Loads the keys and creates or rotates the active ones as needed. */
  async ensure(): Promise<void> {
    await this.load();
    for (const use of ['id', 'access'] as const) {
      const active = this.active(use);
      const maxAge = this.ctx.settings.keyRotationDays * 86_400_000;
      if (!active || Date.now() - active.createdAt.getTime() > maxAge) await this.rotate(use);
    }
  }

  /** Makes a new active key for `use`; the previous one stays published until its tokens expire. */
  async rotate(use: TokenUse): Promise<void> {
    const { publicKey, privateKey } = await generate('rsa', { modulusLength: 2048 });
    const kid = randomBytes(24).toString('base64url');
    const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } as JWK;
    const der = privateKey.export({ format: 'der', type: 'pkcs8' });
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('identity.signing_keys').set({ retired_at: new Date() }).where('token_use', '=', use).where('retired_at', 'is', null).execute();
      await trx
        .insertInto('identity.signing_keys')
        .values({
          kid,
          token_use: use,
          public_jwk: JSON.stringify(jwk),
          private_sealed: this.ctx.sealer.seal('signing-key', der),
        })
        .execute();
    });
    await this.load();
  }

  active(use: TokenUse): SigningKey | undefined {
    let best: SigningKey | undefined;
    for (const key of this.keys.values()) {
      if (key.use === use && !key.retiredAt && (!best || key.createdAt > best.createdAt)) best = key;
    }
    return best;
  }

  async signingKey(use: TokenUse): Promise<SigningKey> {
    let key = this.active(use);
    if (!key || Date.now() - key.createdAt.getTime() > this.ctx.settings.keyRotationDays * 86_400_000) {
      await this.ensure();
      key = this.active(use);
    }
    if (!key) throw new Error('no signing key');
    return key;
  }

  /** The verification key for a kid; reloads once in a while so other instances' rotations are seen. */
  async publicKey(kid: string): Promise<{ key: KeyObject; use: TokenUse } | null> {
    let key = this.keys.get(kid);
    if (!key && Date.now() - this.lastReload > 5_000) {
      await this.load();
      key = this.keys.get(kid);
    }
    if (!key || !this.isPublished(key)) return null;
    return { key: key.publicKey, use: key.use };
  }

  private isPublished(key: SigningKey): boolean {
    return !key.retiredAt || Date.now() - key.retiredAt.getTime() < this.publishMs;
  }

  jwks(): { keys: JWK[] } {
    return { keys: [...this.keys.values()].filter((k) => this.isPublished(k)).map((k) => k.publicJwk) };
  }
}
