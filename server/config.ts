// Every setting the server reads from the environment, parsed once at start-up.
// Each variable has a default that works on a fresh machine (see docs/operations.md "Environment").
import { isIP } from 'node:net';
import path from 'node:path';

/** The web app's build, relative to the project: under build/, the one folder start-up writes to. */
export const DEFAULT_WEB_BUILD_DIR = 'build/web';

export type IdentityProvider = 'builtin' | 'cognito';
export type MailTransportKind = 'outbox' | 'smtp';
export type PaymentsProvider = 'none' | 'razorpay';

/** Razorpay's keys (Dashboard → Account & Settings → API keys, and the webhook's own secret). */
export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay's API; a local stand-in's in tests and `npm run dev`. */
  apiUrl: string;
  /**
   * How long after a payment link opens the reconciler first asks Razorpay about it, in case its
   * webhook never came (`BILLING_RECONCILE_AFTER_MS`, default 15 minutes; later asks back off).
   */
  reconcileAfterMs: number;
}

export const RAZORPAY_API_URL = 'https://api.razorpay.com';

export interface ServerConfig {
  port: number;
  host: string;
  publicUrl: string;
  production: boolean;
  dataDir: string;
  databaseUrl: string | null;
  distDir: string;
  /** False under `npm run dev`, where Vite serves the app. */
  serveSpa: boolean;
  identity: {
    provider: IdentityProvider;
    secret: string | null;
    poolId: string | null;
    allowSelfSignUp: boolean;
    adminAccessKeyId: string | null;
    adminSecretAccessKey: string | null;
    cognito: {
      userPoolId: string | null;
      clientId: string | null;
      region: string;
      domain: string | null;
    };
  };
  mail: { transport: MailTransportKind; smtpUrl: string | null };
  /**
   * The online payment gateway (issue 34), off unless `PAYMENTS_PROVIDER=razorpay`; then
   * `RAZORPAY_KEY_ID`, `RAZORPAY_KEY_SECRET` and `RAZORPAY_WEBHOOK_SECRET` are required and
   * `RAZORPAY_API_URL` may point at a stand-in.
   */
  payments: { provider: PaymentsProvider; razorpay: RazorpaySettings | null };
  adminEmail: string;
  adminTempPassword: string | null;
  supportEmail: string;
  logLevel: string;
  /**
   * Whose X-Forwarded-For/-Host/-Proto to believe (Fastify's trustProxy): false (the default)
   * believes nobody, so a caller's address is the socket's and cannot be chosen by a header; a list
   * of proxy addresses or CIDR ranges; or a hop count. `TRUST_PROXY`.
   */
  trustProxy: false | number | string[];
  /** Limits and browser access for /api/v1 (server/http/api-hardening.ts). */
  api: {
    /** Requests per minute from one client IP. */
    rateLimitPerIp: number;
    /** Requests per minute carrying one bearer token. */
    rateLimitPerToken: number;
    /** Origins other than our own allowed to call the API from a browser; empty: same origin only. */
    corsOrigins: string[];
  };
}

export class ConfigError extends Error {}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function orNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  }
  const publicUrl = (orNull(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const provider = (orNull(env.IDENTITY_PROVIDER) ?? 'builtin') as IdentityProvider;
  if (provider !== 'builtin' && provider !== 'cognito') {
    throw new ConfigError(`IDENTITY_PROVIDER must be builtin or cognito, got "${provider}"`);
  }
  const transport = (orNull(env.MAIL_TRANSPORT) ?? 'outbox') as MailTransportKind;
  if (transport !== 'outbox' && transport !== 'smtp') {
    throw new ConfigError(`MAIL_TRANSPORT must be outbox or smtp, got "${transport}"`);
  }
  if (transport === 'smtp' && !orNull(env.SMTP_URL)) {
    throw new ConfigError('MAIL_TRANSPORT=smtp needs SMTP_URL');
  }
  const adminEmail = (orNull(env.ADMIN_EMAIL) ?? 'admin@clinic.local').toLowerCase();
  return {
    port,
    host: orNull(env.HOST) ?? '0.0.0.0',
    publicUrl,
    production: env.NODE_ENV === 'production',
    dataDir: path.resolve(orNull(env.DATA_DIR) ?? './data'),
    databaseUrl: orNull(env.DATABASE_URL),
    distDir: path.resolve(orNull(env.DIST_DIR) ?? DEFAULT_WEB_BUILD_DIR),
    serveSpa: flag(env.SERVE_SPA, true),
    identity: {
      provider,
      secret: orNull(env.IDENTITY_SECRET),
      poolId: orNull(env.IDENTITY_POOL_ID),
      allowSelfSignUp: flag(env.IDENTITY_ALLOW_SELF_SIGNUP, false),
      adminAccessKeyId: orNull(env.IDENTITY_ADMIN_ACCESS_KEY_ID),
      adminSecretAccessKey: orNull(env.IDENTITY_ADMIN_SECRET_ACCESS_KEY),
      cognito: {
        userPoolId: orNull(env.COGNITO_USER_POOL_ID),
        clientId: orNull(env.COGNITO_CLIENT_ID),
        region: orNull(env.COGNITO_REGION) ?? 'ap-south-1',
        domain: orNull(env.COGNITO_DOMAIN),
      },
    },
    mail: { transport, smtpUrl: orNull(env.SMTP_URL) },
    payments: paymentsConfig(env),
    adminEmail,
    adminTempPassword: orNull(env.ADMIN_TEMP_PASSWORD),
    supportEmail: (orNull(env.SUPPORT_EMAIL) ?? adminEmail).toLowerCase(),
    logLevel: orNull(env.LOG_LEVEL) ?? 'info',
    trustProxy: trustProxy(env.TRUST_PROXY),
    api: {
      rateLimitPerIp: positiveInt(env, 'API_RATE_LIMIT_PER_IP', 6000),
      rateLimitPerToken: positiveInt(env, 'API_RATE_LIMIT_PER_TOKEN', 1200),
      corsOrigins: corsOrigins(env.CORS_ORIGINS),
    },
  };
}

/** `PAYMENTS_PROVIDER` (unset, empty or `none`: no online payments) and the provider's keys. */
export function paymentsConfig(env: NodeJS.ProcessEnv): ServerConfig['payments'] {
  const provider = (orNull(env.PAYMENTS_PROVIDER?.trim()) ?? 'none').toLowerCase();
  if (provider === 'none') return { provider: 'none', razorpay: null };
  if (provider !== 'razorpay') throw new ConfigError(`PAYMENTS_PROVIDER must be none or razorpay, got "${env.PAYMENTS_PROVIDER}"`);
  const names = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
  const missing = names.filter((name) => !orNull(env[name]?.trim()));
  if (missing.length > 0) throw new ConfigError(`PAYMENTS_PROVIDER=razorpay needs ${missing.join(', ')}`);
  const rawUrl = orNull(env.RAZORPAY_API_URL?.trim()) ?? RAZORPAY_API_URL;
  let apiUrl: URL;
  try {
    apiUrl = new URL(rawUrl);
  } catch {
    throw new ConfigError(`RAZORPAY_API_URL: "${rawUrl}" is not a URL such as ${RAZORPAY_API_URL}`);
  }
  if (apiUrl.protocol !== 'https:' && apiUrl.protocol !== 'http:') {
    throw new ConfigError(`RAZORPAY_API_URL: "${rawUrl}" is not an http(s) URL`);
  }
  return {
    provider: 'razorpay',
    razorpay: {
      keyId: env.RAZORPAY_KEY_ID!.trim(),
      keySecret: env.RAZORPAY_KEY_SECRET!.trim(),
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!.trim(),
      apiUrl: apiUrl.toString().replace(/\/+$/, ''),
      reconcileAfterMs: nonNegativeInt(env, 'BILLING_RECONCILE_AFTER_MS', 15 * 60_000),
    },
  };
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = orNull(env[name]);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

function nonNegativeInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = orNull(env[name]);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number of at least 0, got "${raw}"`);
  return value;
}

// proxy-addr's names for ranges (the same words Express and Fastify accept).
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: unset, empty, `false` or `0`: trust no forwarded header. A whole number: that many
 * proxy hops in front. Otherwise a comma list of proxy addresses or CIDR ranges (`10.0.0.0/8`,
 * `::1`, or `loopback`). `true` (trust every address) is refused: it is what lets any caller
 * choose its own address and so walk past every per-address limit.
 */
export function trustProxy(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value.toLowerCase() === 'true') {
    throw new ConfigError('TRUST_PROXY=true would believe X-Forwarded-For from anyone; give the proxy addresses (e.g. 127.0.0.1 or 10.0.0.0/8) or a hop count');
  }
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || rest.length > 0 || !prefixOk) {
      throw new ConfigError(`TRUST_PROXY: "${entry}" is not an address or CIDR range such as 10.0.0.0/8 (or a hop count)`);
    }
  }
  return entries;
}

/** `CORS_ORIGINS`: comma-separated origins such as https://portal.example.com (scheme, host, port). */
function corsOrigins(raw: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new ConfigError(`CORS_ORIGINS: "${item}" is not an origin such as https://portal.example.com`);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== item.replace(/\/+$/, '')) {
      throw new ConfigError(`CORS_ORIGINS: "${item}" is not an origin such as https://portal.example.com (no path, no wildcard)`);
    }
    origins.push(url.origin);
  }
  return origins;
}
