// Loads /config.json (and the first /version.json) before the app renders, and points
// aws-amplify at the configured identity service: the built-in one on this server, or Amazon
// Cognito when `identityEndpoint` is null.
import { Amplify } from 'aws-amplify';
import { parseAmplifyConfig } from 'aws-amplify/utils';
import type { CognitoUserPoolConfig } from '@aws-amplify/core';
import type { RuntimeConfig, VersionInfo } from '../../openapi/runtime-config.ts';

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  return fetchJson<RuntimeConfig>('/config.json', { cache: 'no-cache' });
}

/**
 * The first version check of a page load: the /version.json that index.html preloads beside the
 * scripts (this request matches the preload, so the answer names the build the page came from
 * and the check does not wait for the app to start).
 */
export function fetchFirstVersion(): Promise<VersionInfo> {
  return fetchJson<VersionInfo>('/version.json', { cache: 'no-cache' });
}

/** `/version.json?t=<timestamp>` with no-cache: the version banner compares these. */
export function fetchVersion(now = Date.now()): Promise<VersionInfo> {
  return fetchJson<VersionInfo>(`/version.json?t=${now}`, { cache: 'no-cache', headers: { 'cache-control': 'no-cache' } });
}

/** True when the configuration names a user pool and app client (spec §8 "Missing user pool configuration"). */
export function hasUserPool(config: RuntimeConfig | null): boolean {
  const auth = config?.amplify?.auth;
  return Boolean(auth?.user_pool_id && auth.user_pool_client_id);
}

export function configureAmplify(config: RuntimeConfig): void {
  const resources = parseAmplifyConfig(config.amplify as Parameters<typeof parseAmplifyConfig>[0]);
  const cognito = resources.Auth?.Cognito as CognitoUserPoolConfig | undefined;
  const userPoolEndpoint = config.identityEndpoint;
  if (cognito && userPoolEndpoint) {
    // userPoolEndpoint has no amplify_outputs.json field: it is set on the parsed config.
    withoutCustomEndpointWarning(() => Amplify.configure({ ...resources, Auth: { Cognito: { ...cognito, userPoolEndpoint } } }));
  } else {
    Amplify.configure(resources);
  }
}

// Amplify warns "You are using a custom Amazon Cognito User Pool endpoint" whenever one is set,
// and with the built-in identity service one always is, by design. Only that warning, only while
// configuring, is held back; every other warning still reaches the console.
// (Amplify's text says "Amazon Amazon Cognito", so the match allows the doubled word.)
const CUSTOM_ENDPOINT_WARNING = /You are using a custom (Amazon )+Cognito User Pool endpoint/;

function withoutCustomEndpointWarning(configure: () => void): void {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (args.some((arg) => typeof arg === 'string' && CUSTOM_ENDPOINT_WARNING.test(arg))) return;
    warn(...args);
  };
  try {
    configure();
  } finally {
    console.warn = warn;
  }
}
