// The passkeys' part of the kill -9 test (tests/reliability/faults.test.ts): clients complete
// passkey registrations (CompleteWebAuthnRegistration) all at once, SIGKILL, restart: every
// acknowledged passkey is listed for its owner and signs in (its public key and counter were
// stored whole), and nothing is listed that was not sent.
import type { ServerProcess } from '../support/server-process.ts';
import { type RequestOptionsJSON, SoftwareAuthenticator } from '../support/webauthn-authenticator.ts';
import { call, identity, killMidWrites, ok } from './fault-support.ts';
import { clientToken } from './portal-seen-faults.ts';

const CLIENTS = 20;
/** Each client's registrations: the most one person may start in an hour. */
const PER_CLIENT = 10;
/** The relying party of the round's server: the same origin whatever port it restarts on. */
export const PASSKEY_PUBLIC_URL = 'https://clinic.example';

async function identityRaw(baseUrl: string, action: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function killDuringPasskeyRegistrations(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  const admin = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const clients: Array<{ email: string; token: string; authenticator: SoftwareAuthenticator }> = [];
  for (let i = 0; i < CLIENTS; i++) {
    const email = `passkey.client.${i}.${stamp}@test.clinic`;
    ok(await call(server.baseUrl, admin, 'POST', '/users/users', { email, first_name: 'Passkey', last_name: `Client${i}`, role: 'CLIENT' }), 'client');
    clients.push({ email, token: await clientToken(server.baseUrl, email), authenticator: new SoftwareAuthenticator(PASSKEY_PUBLIC_URL) });
  }
  // Every registration started (and answered by the authenticator) before the burst.
  const pending: Array<{ client: number; credential: ReturnType<SoftwareAuthenticator['register']> }> = [];
  for (let c = 0; c < CLIENTS; c++) {
    for (let j = 0; j < PER_CLIENT; j++) {
      const started = await identity(server.baseUrl, 'StartWebAuthnRegistration', { AccessToken: clients[c].token });
      pending.push({ client: c, credential: clients[c].authenticator.register(started.CredentialCreationOptions) });
    }
  }

  const acknowledged = new Set<string>();
  const target = server;
  await killMidWrites(
    target,
    pending.length,
    (i) => identityRaw(target.baseUrl, 'CompleteWebAuthnRegistration', { AccessToken: clients[pending[i].client].token, Credential: pending[i].credential }),
    (i) => acknowledged.add(pending[i].credential.id),
  );

  server = await options.start();
  const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as { amplify: { auth: { user_pool_client_id: string } } };
  const ClientId = config.amplify.auth.user_pool_client_id;
  const sent = new Set(pending.map((p) => p.credential.id));
  let lost = 0;
  let broken = 0;
  for (const client of clients) {
    const listed = (await identity(server.baseUrl, 'ListWebAuthnCredentials', { AccessToken: client.token, MaxResults: 20 })).Credentials as Array<{
      CredentialId: string;
    }>;
    const ids = new Set(listed.map((c) => c.CredentialId));
    for (const p of pending) if (clients[p.client] === client && acknowledged.has(p.credential.id) && !ids.has(p.credential.id)) lost += 1;
    for (const id of ids) if (!sent.has(id)) broken += 1;
    // Every stored passkey signs in: its key and counter were written whole.
    for (const id of ids) {
      const passkey = client.authenticator.passkeys.find((p) => p.id.toString('base64url') === id);
      if (!passkey) continue;
      const started = await identity(server.baseUrl, 'InitiateAuth', {
        ClientId,
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: client.email, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
      });
      const options = JSON.parse(started.ChallengeParameters.CREDENTIAL_REQUEST_OPTIONS) as RequestOptionsJSON;
      const answered = await identityRaw(server.baseUrl, 'RespondToAuthChallenge', {
        ClientId,
        ChallengeName: 'WEB_AUTHN',
        Session: started.Session,
        ChallengeResponses: { USERNAME: client.email, CREDENTIAL: JSON.stringify(client.authenticator.assert(options, {}, passkey)) },
      });
      if (!answered.body?.AuthenticationResult) broken += 1;
    }
  }
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken };
}
