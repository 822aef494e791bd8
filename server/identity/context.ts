// What every part of the built-in service shares.
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { Sealer } from './secret.ts';
import type { IdentitySettings } from './settings.ts';

export interface IdentityContext {
  db: Db;
  sealer: Sealer;
  poolId: string;
  /** The part of the pool id after `_`: SRP's "pool name". */
  poolName: string;
  clientId: string;
  issuer: string;
  /** Where a person signs in (PUBLIC_URL/login): the link an invitation carries. */
  signInUrl: string;
  /** PUBLIC_URL: a passkey's origin, and its host the relying party id. */
  publicUrl: string;
  settings: IdentitySettings;
  allowSelfSignUp: boolean;
  mail: MailTransport;
  log: Logger;
}
