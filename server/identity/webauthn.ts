// Passkeys (WebAuthn): Cognito's four credential actions with the user's access token
// (StartWebAuthnRegistration, CompleteWebAuthnRegistration, ListWebAuthnCredentials,
// DeleteWebAuthnCredential), and the checks of a WEB_AUTHN sign-in that user-auth.ts starts.
// Attestation and assertion are verified by @simplewebauthn/server; the relying party is
// PUBLIC_URL (its host the RP id, the URL itself the only origin) and user verification is
// required, so a passkey is two factors in one. Every refusal and every change is recorded in
// identity.security_events (the account's sub, an event, a reason; nothing personal).
import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '../db/database.ts';
import { readClinicName } from '../mail/clinic-name.ts';
import type { IdentityContext } from './context.ts';
import { Errors, invalidParameter, validation } from './errors.ts';
import { type Body, optionalString, requiredString } from './input.ts';
import { RateLimiter } from './rate-limit.ts';
import { SESSION_MS } from './sessions.ts';
import { accessErrorToIdentity, type Tokens } from './tokens.ts';
import type { UserRow } from './users.ts';

/** Cognito's limit of passkeys per user. */
export const MAX_PASSKEYS_PER_USER = 20;
/** Registrations one user may start per hour. */
export const PASSKEY_REGISTRATIONS_PER_USER_PER_HOUR = 10;
/** How long the browser's dialog may stay open, and the challenge with it (a session's time). */
const CEREMONY_MS = SESSION_MS;
const REGISTRATION_CHALLENGE = 'WEB_AUTHN_REGISTRATION';
/** COSE algorithms accepted: ES256, EdDSA, RS256 (what platform authenticators and keys use). */
const ALGORITHMS = [-7, -8, -257];
const PAGE_MAX = 20;

// The verifier loads on first use: a server that never sees a passkey never pays for it.
let library: Promise<typeof import('@simplewebauthn/server')> | undefined;
let helpers: Promise<typeof import('@simplewebauthn/server/helpers')> | undefined;
const lib = () => (library ??= import('@simplewebauthn/server'));
const help = () => (helpers ??= import('@simplewebauthn/server/helpers'));

export type SecurityReason =
  | 'challenge'
  | 'replay'
  | 'origin'
  | 'rp-id'
  | 'user-verification'
  | 'unsupported'
  | 'malformed'
  | 'signature'
  | 'counter'
  | 'cloned'
  | 'unknown-credential'
  | 'duplicate'
  | 'rate-limit'
  | 'unknown-account';

/** One row of the pool's own trail. The sub may be null (a sign-in for no known account). */
export async function recordSecurityEvent(
  db: Db,
  sub: string | null,
  event: string,
  outcome: 'success' | 'denied',
  reason: SecurityReason | null = null,
): Promise<void> {
  await db.insertInto('identity.security_events').values({ sub, event, outcome, reason }).execute();
}

/** Why @simplewebauthn/server refused a response, as one of our reasons. */
function reasonOf(error: unknown): SecurityReason {
  const e = error as { name?: string; message?: string };
  const message = e?.message ?? '';
  if (e?.name === 'UnexpectedRPIDHash') return 'rp-id';
  if (/origin/i.test(message)) return 'origin';
  if (/challenge/i.test(message)) return 'challenge';
  if (/user verification|user could not be verified|not present/i.test(message)) return 'user-verification';
  if (/alg|attestation format|PQC|not supported/i.test(message) || e?.name === 'PQCNotSupportedError') return 'unsupported';
  if (/counter/i.test(message)) return 'counter';
  return 'malformed';
}

interface CredentialRow {
  credential_id: string;
  sub: string;
  public_key: string;
  sign_count: number;
  transports: string[];
  cloned_at: Date | string | null;
}

export class Passkeys {
  private readonly registrations: RateLimiter;
  readonly rpId: string;
  readonly origin: string;

  constructor(
    private readonly ctx: IdentityContext,
    private readonly tokens: Tokens,
  ) {
    const url = new URL(ctx.publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
    this.registrations = new RateLimiter(ctx.db, 'passkey-registrations-per-user', PASSKEY_REGISTRATIONS_PER_USER_PER_HOUR, 3_600_000);
  }

  get enabled(): boolean {
    return this.ctx.settings.signInFactors.includes('WEB_AUTHN');
  }

  private async signedIn(body: Body): Promise<{ user: UserRow; clientId: string }> {
    const token = requiredString(body, 'AccessToken', 8192);
    const { claims, user } = await this.tokens.verifyWithUser(token).catch((error) => {
      throw accessErrorToIdentity(error);
    });
    return { user, clientId: claims.client_id };
  }

  // ---- registration --------------------------------------------------------------------------

  async startRegistration(body: Body): Promise<Record<string, unknown>> {
    const { user, clientId } = await this.signedIn(body);
    if (!this.enabled) throw Errors.webAuthnNotEnabled();
    if (!(await this.registrations.allow(user.sub))) {
      await recordSecurityEvent(this.ctx.db, user.sub, 'webauthn.registration', 'denied', 'rate-limit');
      throw Errors.limitExceeded();
    }
    const existing = await this.credentialsOf(user.sub);
    if (existing.length >= MAX_PASSKEYS_PER_USER) throw Errors.webAuthnCredentialLimit();
    const { generateRegistrationOptions } = await lib();
    const options = await generateRegistrationOptions({
      rpName: await readClinicName(this.ctx.db),
      rpID: this.rpId,
      userName: user.username,
      userDisplayName: user.attributes.email ?? user.username,
      userID: new TextEncoder().encode(user.sub),
      timeout: CEREMONY_MS,
      attestationType: 'none',
      // The same authenticator twice would only be a second name for one key.
      excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    // The challenge is the row's key: Complete finds it from the response's clientDataJSON.
    await this.ctx.db
      .insertInto('identity.auth_sessions')
      .values({
        id_hash: this.challengeKey(options.challenge),
        sub: user.sub,
        challenge: REGISTRATION_CHALLENGE,
        data: JSON.stringify({ clientId }),
        expires_at: new Date(Date.now() + CEREMONY_MS),
      })
      .execute();
    return { CredentialCreationOptions: options };
  }

  private challengeKey(challenge: string): string {
    return this.ctx.sealer.digest('webauthn-challenge', challenge);
  }

  /** Spends the registration challenge named in the response; false if there is none live. */
  private async spendRegistrationChallenge(sub: string, challenge: string): Promise<{ clientId: string } | null> {
    const row = await this.ctx.db
      .updateTable('identity.auth_sessions')
      .set({ used_at: new Date() })
      .where('id_hash', '=', this.challengeKey(challenge))
      .where('sub', '=', sub)
      .where('challenge', '=', REGISTRATION_CHALLENGE)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('data')
      .executeTakeFirst();
    if (!row) return null;
    const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { clientId?: string };
    return { clientId: String(data.clientId ?? '') };
  }

  async completeRegistration(body: Body): Promise<Record<string, unknown>> {
    const { user, clientId } = await this.signedIn(body);
    if (!this.enabled) throw Errors.webAuthnNotEnabled();
    const credential = credentialObject(body, 'Credential') as unknown as RegistrationResponseJSON;
    const refuse = async (reason: SecurityReason, error: Error): Promise<never> => {
      await recordSecurityEvent(this.ctx.db, user.sub, 'webauthn.registration', 'denied', reason);
      throw error;
    };
    const { decodeClientDataJSON } = await help();
    let challenge: string;
    try {
      challenge = decodeClientDataJSON(credential.response.clientDataJSON).challenge;
    } catch {
      return refuse('malformed', invalidParameter('Invalid Credential: clientDataJSON is not valid.'));
    }
    if (typeof challenge !== 'string' || challenge.length > 1024)
      return refuse('malformed', invalidParameter('Invalid Credential: clientDataJSON is not valid.'));
    const started = await this.spendRegistrationChallenge(user.sub, challenge);
    if (!started) return refuse('challenge', Errors.webAuthnChallengeNotFound());
    if (started.clientId !== clientId) return refuse('challenge', Errors.webAuthnClientMismatch());
    const { verifyRegistrationResponse } = await lib();
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
    } catch (error) {
      const reason = reasonOf(error);
      return refuse(reason, registrationError(reason));
    }
    if (!verified.verified) return refuse('signature', Errors.webAuthnCredentialNotSupported());
    const info = verified.registrationInfo;
    const { isoBase64URL } = await help();
    const count = (await this.credentialsOf(user.sub)).length;
    if (count >= MAX_PASSKEYS_PER_USER) return refuse('rate-limit', Errors.webAuthnCredentialLimit());
    const inserted = await this.ctx.db
      .insertInto('identity.webauthn_credentials')
      .values({
        credential_id: info.credential.id,
        sub: user.sub,
        public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
        sign_count: info.credential.counter,
        transports: JSON.stringify(knownTransports(info.credential.transports ?? credential.response.transports)),
        authenticator_attachment: attachmentOf(credential.authenticatorAttachment),
        relying_party_id: this.rpId,
        friendly_name: `Passkey ${count + 1}`,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returning('credential_id')
      .executeTakeFirst();
    // A credential id already registered (to anyone) is not taken over.
    if (!inserted) return refuse('duplicate', invalidParameter('Invalid Credential: this passkey is already registered.'));
    await recordSecurityEvent(this.ctx.db, user.sub, 'webauthn.registered', 'success');
    return {};
  }

  // ---- list and delete -----------------------------------------------------------------------

  private async credentialsOf(sub: string) {
    return this.ctx.db
      .selectFrom('identity.webauthn_credentials')
      .select(['credential_id', 'transports', 'created_at'])
      .where('sub', '=', sub)
      .orderBy('created_at')
      .orderBy('credential_id')
      .execute();
  }

  async listCredentials(body: Body): Promise<Record<string, unknown>> {
    const { user } = await this.signedIn(body);
    const max = body.MaxResults;
    if (max !== undefined && max !== null && (typeof max !== 'number' || !Number.isInteger(max) || max < 0 || max > PAGE_MAX)) {
      throw validation('maxResults', `Member must have value less than or equal to ${PAGE_MAX}`);
    }
    const pageSize = typeof max === 'number' && max > 0 ? max : PAGE_MAX;
    const next = optionalString(body, 'NextToken', 131072);
    let offset = 0;
    if (next) {
      const opened = this.openPageToken(next, user.sub);
      if (opened === null) throw invalidParameter('Invalid NextToken.');
      offset = opened;
    }
    const rows = await this.ctx.db
      .selectFrom('identity.webauthn_credentials')
      .selectAll()
      .where('sub', '=', user.sub)
      .orderBy('created_at')
      .orderBy('credential_id')
      .offset(offset)
      .limit(pageSize + 1)
      .execute();
    const page = rows.slice(0, pageSize);
    return {
      Credentials: page.map((r) => ({
        CredentialId: r.credential_id,
        FriendlyCredentialName: r.friendly_name,
        RelyingPartyId: r.relying_party_id,
        ...(r.authenticator_attachment ? { AuthenticatorAttachment: r.authenticator_attachment } : {}),
        AuthenticatorTransports: parseTransports(r.transports),
        CreatedAt: new Date(r.created_at).getTime() / 1000,
      })),
      ...(rows.length > pageSize ? { NextToken: this.pageToken(offset + pageSize, user.sub) } : {}),
    };
  }

  /** A page position sealed to its user, so a token from another account means nothing. */
  private pageToken(offset: number, sub: string): string {
    return this.ctx.sealer.seal('webauthn-page', JSON.stringify({ o: offset, s: sub }));
  }

  private openPageToken(token: string, sub: string): number | null {
    try {
      const page = JSON.parse(this.ctx.sealer.open('webauthn-page', token).toString('utf8')) as { o: unknown; s: unknown };
      return page.s === sub && typeof page.o === 'number' && Number.isInteger(page.o) && page.o >= 0 ? page.o : null;
    } catch {
      return null;
    }
  }

  async deleteCredential(body: Body): Promise<Record<string, unknown>> {
    const { user } = await this.signedIn(body);
    const id = requiredString(body, 'CredentialId', 131072);
    const deleted = await this.ctx.db
      .deleteFrom('identity.webauthn_credentials')
      .where('credential_id', '=', id)
      .where('sub', '=', user.sub)
      .returning('credential_id')
      .executeTakeFirst();
    // Another account's credential is answered as one that does not exist.
    if (!deleted) throw Errors.webAuthnCredentialNotFound();
    await recordSecurityEvent(this.ctx.db, user.sub, 'webauthn.deleted', 'success');
    return {};
  }

  // ---- sign-in -------------------------------------------------------------------------------

  /** Whether the account has a passkey it may sign in with (one flagged as cloned does not count). */
  async hasPasskey(sub: string): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('identity.webauthn_credentials')
      .select('credential_id')
      .where('sub', '=', sub)
      .where('cloned_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** A new challenge and the request options for `sub`'s passkeys, or for a decoy's made-up ones. */
  async requestOptions(allow: { id: string; transports: string[] }[]): Promise<{ challenge: string; json: string }> {
    const { generateAuthenticationOptions } = await lib();
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      allowCredentials: allow,
      userVerification: 'required',
      timeout: CEREMONY_MS,
      challenge: randomBytes(32),
    });
    return { challenge: options.challenge, json: JSON.stringify(options) };
  }

  async allowedCredentials(sub: string): Promise<{ id: string; transports: string[] }[]> {
    const rows = await this.ctx.db
      .selectFrom('identity.webauthn_credentials')
      .select(['credential_id', 'transports'])
      .where('sub', '=', sub)
      .where('cloned_at', 'is', null)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => ({ id: r.credential_id, transports: parseTransports(r.transports) }));
  }

  /**
   * Verifies an assertion for `sub` against the session's challenge and records the use.
   * Returns null when it is accepted, else the reason it is refused (the caller answers every
   * reason the same way). A counter that does not move forward on a valid signature flags the
   * credential as cloned: neither copy signs in again until the person removes it.
   */
  async verifyAssertion(sub: string, challenge: string, raw: string): Promise<SecurityReason | null> {
    let response: AuthenticationResponseJSON;
    try {
      response = JSON.parse(raw) as AuthenticationResponseJSON;
    } catch {
      return 'malformed';
    }
    if (!response || typeof response !== 'object' || typeof response.id !== 'string' || typeof response.response !== 'object' || !response.response) {
      return 'malformed';
    }
    const row = (await this.ctx.db
      .selectFrom('identity.webauthn_credentials')
      .select(['credential_id', 'sub', 'public_key', 'sign_count', 'transports', 'cloned_at'])
      .where('credential_id', '=', response.id)
      .where('sub', '=', sub)
      .executeTakeFirst()) as CredentialRow | undefined;
    if (!row) return 'unknown-credential';
    if (row.cloned_at) return 'cloned';
    const { isoBase64URL, parseAuthenticatorData } = await help();
    let counter: number;
    try {
      counter = parseAuthenticatorData(isoBase64URL.toBuffer(String(response.response.authenticatorData))).counter;
    } catch {
      return 'malformed';
    }
    const stored = Number(row.sign_count);
    const backwards = (counter > 0 || stored > 0) && counter <= stored;
    const { verifyAuthenticationResponse } = await lib();
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
        // The counter is judged here, after the signature: the library would refuse a stale
        // counter before telling whether the signature was good, and only a good one is a clone.
        credential: {
          id: row.credential_id,
          publicKey: isoBase64URL.toBuffer(row.public_key),
          counter: 0,
          transports: parseTransports(row.transports) as never,
        },
      });
      if (!result.verified) return 'signature';
    } catch (error) {
      const reason = reasonOf(error);
      return reason === 'malformed' ? 'signature' : reason;
    }
    if (backwards) {
      await this.ctx.db.updateTable('identity.webauthn_credentials').set({ cloned_at: new Date() }).where('credential_id', '=', row.credential_id).execute();
      await recordSecurityEvent(this.ctx.db, sub, 'webauthn.cloned', 'denied', 'counter');
      return 'counter';
    }
    // Conditional on the counter read: of two concurrent uses of one assertion, one wins.
    const used = await this.ctx.db
      .updateTable('identity.webauthn_credentials')
      .set({ sign_count: counter, last_used_at: new Date() })
      .where('credential_id', '=', row.credential_id)
      .where('sign_count', '=', stored)
      .where('cloned_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return 'counter';
    return null;
  }
}

function registrationError(reason: SecurityReason): Error {
  switch (reason) {
    case 'origin':
      return Errors.webAuthnOriginNotAllowed();
    case 'rp-id':
      return Errors.webAuthnRelyingPartyMismatch();
    case 'challenge':
      return Errors.webAuthnChallengeNotFound();
    case 'unsupported':
      return Errors.webAuthnCredentialNotSupported();
    case 'user-verification':
      return invalidParameter('Invalid Credential: user verification is required.');
    default:
      return invalidParameter('Invalid Credential: the registration response could not be verified.');
  }
}

/** A JSON object member (Cognito's document type), within a sane size. */
function credentialObject(body: Body, name: string): Record<string, unknown> {
  const value = body[name];
  if (value === undefined || value === null) throw validation(name[0].toLowerCase() + name.slice(1), 'Member must not be null');
  if (typeof value !== 'object' || Array.isArray(value)) throw validation(name[0].toLowerCase() + name.slice(1), 'Member must be an object');
  const response = (value as { response?: unknown }).response;
  if (!response || typeof response !== 'object' || typeof (response as { clientDataJSON?: unknown }).clientDataJSON !== 'string') {
    throw invalidParameter(`Invalid ${name}: response.clientDataJSON is required.`);
  }
  return value as Record<string, unknown>;
}

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];

function knownTransports(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter((t): t is string => typeof t === 'string' && TRANSPORTS.includes(t)))] : [];
}

function parseTransports(value: unknown): string[] {
  return knownTransports(typeof value === 'string' ? JSON.parse(value) : value);
}

function attachmentOf(value: unknown): string | null {
  return value === 'platform' || value === 'cross-platform' ? value : null;
}
