// A software passkey authenticator for tests: ES256 keys from node:crypto, 'none' attestation,
// user presence and verification always given (unless a test says otherwise). It works on the
// JSON forms the wire carries (PublicKeyCredentialCreationOptionsJSON in, RegistrationResponseJSON
// out, and the same for assertions), and `installNavigatorCredentials` puts it behind a
// navigator.credentials in the test process, so the unmodified aws-amplify client runs its own
// passkey ceremonies against it. Its CBOR encoder is its own, independent of the verifier's.
import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromB64url = (text: string) => Buffer.from(text, 'base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// ---- CBOR (RFC 8949), only what an attestation object and a COSE key use ----------------------

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

// ---- the authenticator --------------------------------------------------------------------------

export interface StoredPasskey {
  id: Buffer;
  rpId: string;
  userHandle: Buffer;
  privateKey: KeyObject;
  signCount: number;
}

/** What a test may bend in one ceremony, to play an attacker or a broken device. */
export interface Ceremony {
  /** The origin the "browser" reports (default: the authenticator's). */
  origin?: string;
  /** The RP id the authenticator signs for (default: the options' rpId / rp.id). */
  rpId?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  /** false: the authenticator says it did not verify the user. */
  userVerified?: boolean;
  /** Another challenge than the options' (a stale assertion). */
  challenge?: string;
}

export interface CreationOptionsJSON {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: { userVerification?: string; residentKey?: string };
}

export interface RequestOptionsJSON {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
  userVerification?: string;
}

export class NoPasskeyError extends Error {
  override name = 'NotAllowedError';
}

export class SoftwareAuthenticator {
  readonly passkeys: StoredPasskey[] = [];

  constructor(readonly origin: string) {}

  private authData(rpId: string, counter: number, userVerified: boolean, attested?: Buffer): Buffer {
    // Flags: UP (0x01), UV (0x04), AT (0x40) when a credential is attached.
    const flags = 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter >>> 0);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** navigator.credentials.create, in JSON: a new ES256 passkey with 'none' attestation. */
  register(options: CreationOptionsJSON, ceremony: Ceremony = {}) {
    const rpId = ceremony.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (this.passkeys.some((p) => p.rpId === rpId && excluded.has(b64url(p.id)))) {
      throw Object.assign(new Error('The authenticator already holds a passkey for this account.'), { name: 'InvalidStateError' });
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, fromB64url(jwk.x!)],
      [-3, fromB64url(jwk.y!)],
    ]);
    const id = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cbor(coseKey)]);
    const counter = ceremony.counter ?? 0;
    const authData = this.authData(rpId, counter, ceremony.userVerified ?? true, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData('webauthn.create', ceremony.challenge ?? options.challenge, ceremony.origin ?? this.origin);
    this.passkeys.push({ id, rpId, userHandle: fromB64url(options.user.id), privateKey, signCount: counter });
    const spki = publicKey.export({ format: 'der', type: 'spki' });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        authenticatorData: b64url(authData),
        transports: ['internal', 'hybrid'],
        publicKeyAlgorithm: -7,
        publicKey: b64url(spki),
      },
    };
  }

  /** The passkey the browser would offer for these options, if any. */
  pick(options: RequestOptionsJSON, rpId: string): StoredPasskey | undefined {
    const allowed = (options.allowCredentials ?? []).map((c) => c.id);
    return this.passkeys.find((p) => p.rpId === rpId && (allowed.length === 0 || allowed.includes(b64url(p.id))));
  }

  /** navigator.credentials.get, in JSON: an assertion signed with the passkey the options allow. */
  assert(options: RequestOptionsJSON, ceremony: Ceremony = {}, passkey?: StoredPasskey) {
    const rpId = ceremony.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    const chosen = passkey ?? this.pick(options, options.rpId ?? rpId);
    if (!chosen) throw new NoPasskeyError('No passkey for this site is on this authenticator.');
    chosen.signCount = ceremony.counter ?? chosen.signCount + 1;
    const authData = this.authData(rpId, chosen.signCount, ceremony.userVerified ?? true);
    const clientDataJSON = this.clientData('webauthn.get', ceremony.challenge ?? options.challenge, ceremony.origin ?? this.origin);
    const signature = createSign('sha256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(chosen.privateKey);
    return {
      id: b64url(chosen.id),
      rawId: b64url(chosen.id),
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(chosen.userHandle),
      },
    };
  }
}

// ---- a navigator.credentials for the real aws-amplify client -----------------------------------

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer => {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy.buffer;
};
const bufferToB64url = (value: ArrayBuffer | ArrayBufferView) =>
  b64url(value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength));

/**
 * Makes this Node process look like a secure browser context with a passkey provider: the
 * globals Amplify checks (window.isSecureContext, navigator.credentials, PublicKeyCredential and
 * the two response classes) backed by `authenticator`. `next` bends the next ceremony only.
 */
export function installNavigatorCredentials(authenticator: SoftwareAuthenticator) {
  class AuthenticatorResponse {
    constructor(readonly clientDataJSON: ArrayBuffer) {}
  }
  class AuthenticatorAttestationResponse extends AuthenticatorResponse {
    constructor(
      clientDataJSON: ArrayBuffer,
      readonly attestationObject: ArrayBuffer,
      private readonly json: ReturnType<SoftwareAuthenticator['register']>['response'],
    ) {
      super(clientDataJSON);
    }
    getTransports() {
      return this.json.transports;
    }
    getPublicKeyAlgorithm() {
      return this.json.publicKeyAlgorithm;
    }
    getAuthenticatorData() {
      return toArrayBuffer(fromB64url(this.json.authenticatorData));
    }
    getPublicKey() {
      return toArrayBuffer(fromB64url(this.json.publicKey));
    }
  }
  class AuthenticatorAssertionResponse extends AuthenticatorResponse {
    constructor(
      clientDataJSON: ArrayBuffer,
      readonly authenticatorData: ArrayBuffer,
      readonly signature: ArrayBuffer,
      readonly userHandle: ArrayBuffer | null,
    ) {
      super(clientDataJSON);
    }
  }
  class PublicKeyCredential {
    readonly type = 'public-key';
    readonly authenticatorAttachment = 'platform';
    constructor(
      readonly id: string,
      readonly rawId: ArrayBuffer,
      readonly response: AuthenticatorResponse,
    ) {}
    getClientExtensionResults() {
      return {};
    }
  }
  const control: { next: Ceremony; cancel: boolean } = { next: {}, cancel: false };
  const credentials = {
    async create({ publicKey }: { publicKey: Record<string, any> }) {
      if (control.cancel) throw Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
      const options: CreationOptionsJSON = {
        ...publicKey,
        challenge: bufferToB64url(publicKey.challenge),
        rp: publicKey.rp,
        user: { ...publicKey.user, id: bufferToB64url(publicKey.user.id) },
        excludeCredentials: (publicKey.excludeCredentials ?? []).map((c: { id: ArrayBuffer }) => ({ ...c, id: bufferToB64url(c.id) })),
      };
      const ceremony = control.next;
      control.next = {};
      const json = authenticator.register(options, ceremony);
      const response = new AuthenticatorAttestationResponse(
        toArrayBuffer(fromB64url(json.response.clientDataJSON)),
        toArrayBuffer(fromB64url(json.response.attestationObject)),
        json.response,
      );
      return new PublicKeyCredential(json.id, toArrayBuffer(fromB64url(json.rawId)), response);
    },
    async get({ publicKey }: { publicKey: Record<string, any> }) {
      if (control.cancel) throw Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
      const options: RequestOptionsJSON = {
        ...publicKey,
        challenge: bufferToB64url(publicKey.challenge),
        allowCredentials: (publicKey.allowCredentials ?? []).map((c: { id: ArrayBuffer }) => ({ ...c, id: bufferToB64url(c.id) })),
      };
      const ceremony = control.next;
      control.next = {};
      const json = authenticator.assert(options, ceremony);
      const response = new AuthenticatorAssertionResponse(
        toArrayBuffer(fromB64url(json.response.clientDataJSON)),
        toArrayBuffer(fromB64url(json.response.authenticatorData)),
        toArrayBuffer(fromB64url(json.response.signature)),
        toArrayBuffer(fromB64url(json.response.userHandle)),
      );
      return new PublicKeyCredential(json.id, toArrayBuffer(fromB64url(json.rawId)), response);
    },
  };
  const g = globalThis as Record<string, unknown>;
  const document = { visibilityState: 'visible', addEventListener() {}, removeEventListener() {}, querySelector: () => null, querySelectorAll: () => [] };
  // Everything else a browser's window has (crypto, fetch, atob...) is this process's own.
  const own: Record<string, unknown> = { isSecureContext: true, document, PublicKeyCredential, addEventListener() {}, removeEventListener() {} };
  const window = new Proxy(own, { get: (target, key) => (key in target ? target[key as string] : (globalThis as Record<PropertyKey, unknown>)[key]) });
  const previous = { window: g.window, document: g.document, navigator: Object.getOwnPropertyDescriptor(globalThis, 'navigator') };
  Object.assign(g, { window, document, PublicKeyCredential, AuthenticatorAttestationResponse, AuthenticatorAssertionResponse });
  Object.defineProperty(globalThis, 'navigator', { value: { credentials }, configurable: true, writable: true });
  return {
    control,
    uninstall() {
      for (const name of ['PublicKeyCredential', 'AuthenticatorAttestationResponse', 'AuthenticatorAssertionResponse']) delete g[name];
      g.window = previous.window;
      g.document = previous.document;
      if (previous.navigator) Object.defineProperty(globalThis, 'navigator', previous.navigator);
      else delete g.navigator;
    },
  };
}
