// The real aws-amplify v6 client in Node, pointed at a listening test app's /identity.
// Amplify keeps global state, so each flow file runs in its own vitest fork and configures it
// once; tokens live in an in-memory key-value storage we can inspect.
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { KeyValueStorageInterface } from 'aws-amplify/utils';
import type { TestApp } from '../../support/test-app.ts';

export class MemoryStorage implements KeyValueStorageInterface {
  readonly items = new Map<string, string>();
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
  async clear() {
    this.items.clear();
  }
  /** The stored token of a kind ('accessToken', 'idToken', 'refreshToken'). */
  token(kind: string): string | null {
    for (const [k, v] of this.items) if (k.endsWith(`.${kind}`)) return v;
    return null;
  }
}

export async function configureAmplify(t: TestApp): Promise<{ baseUrl: string; storage: MemoryStorage }> {
  const baseUrl = await t.listen();
  const storage = new MemoryStorage();
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: t.runtime.identity.poolId,
        userPoolClientId: t.runtime.identity.clientId,
        userPoolEndpoint: `${baseUrl}/identity`,
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  return { baseUrl, storage };
}
