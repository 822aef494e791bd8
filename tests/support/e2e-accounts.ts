// Accounts for end-to-end tests, made the way a clinic makes them: the bootstrap SUPER_ADMIN
// sets their password over the identity protocol, creates each user through the business API
// (POST /api/v1/users/users, which sends an invitation with a temporary password), and each user
// replaces the temporary password over the identity protocol. Browsers then sign in through /login.
import type { Role } from '../../machines/guard/roles.ts';

export const E2E_PASSWORD = 'Shell-Test-Pass-1!';

async function identity(baseUrl: string, action: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await fetch(`${baseUrl}/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${action}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function clientId(baseUrl: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { amplify: { auth: { user_pool_client_id: string } } };
  return config.amplify.auth.user_pool_client_id;
}

/** Signs in with a temporary password and sets `password`; returns the tokens. */
export async function completeFirstSignIn(baseUrl: string, email: string, temporaryPassword: string, password = E2E_PASSWORD) {
  const ClientId = await clientId(baseUrl);
  const started = await identity(baseUrl, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId,
    AuthParameters: { USERNAME: email, PASSWORD: temporaryPassword },
  });
  if (started.ChallengeName !== 'NEW_PASSWORD_REQUIRED') throw new Error(`expected NEW_PASSWORD_REQUIRED for ${email}, got ${JSON.stringify(started)}`);
  const done = await identity(baseUrl, 'RespondToAuthChallenge', {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    ClientId,
    Session: started.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
  });
  return done.AuthenticationResult as { AccessToken: string; IdToken: string; RefreshToken: string };
}

/** An access token by the plain password flow (an account whose first sign-in is done). */
export async function tokenOf(baseUrl: string, email: string, password = E2E_PASSWORD): Promise<string> {
  const done = await identity(baseUrl, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: await clientId(baseUrl),
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return (done.AuthenticationResult as { AccessToken: string }).AccessToken;
}

/** Signs every session of the token's user out (Cognito GlobalSignOut): access and refresh tokens stop working. */
export async function globalSignOut(baseUrl: string, accessToken: string): Promise<void> {
  await identity(baseUrl, 'GlobalSignOut', { AccessToken: accessToken });
}

async function temporaryPasswordFor(baseUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const outbox = (await (await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ body: string }> };
    const password = outbox.messages.map((m) => /^Temporary password: (.+)$/m.exec(m.body)?.[1]).find(Boolean);
    if (password) return password.trim();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation for ${email} in the outbox`);
}

export interface E2eAccount {
  email: string;
  password: string;
  role: Role;
  id: number;
  firstName: string;
  lastName: string;
}

/** Creates one user of `role` through the API as `adminAccessToken` and completes their first sign-in. */
export async function createAccount(baseUrl: string, adminAccessToken: string, role: Role, tag: string): Promise<E2eAccount> {
  const email = `${role.toLowerCase().replace(/_/g, '-')}-${tag}@clinic.test`;
  const firstName = role === 'CLIENT' ? 'Asha' : 'Staff';
  const lastName = role === 'CLIENT' ? `Client${tag}` : role.replace(/_/g, ' ').toLowerCase();
  const res = await fetch(`${baseUrl}/api/v1/users/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminAccessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, first_name: firstName, last_name: lastName, role }),
  });
  const body = (await res.json()) as { id: number };
  if (res.status !== 201) throw new Error(`creating ${role}: ${res.status} ${JSON.stringify(body)}`);
  await completeFirstSignIn(baseUrl, email, await temporaryPasswordFor(baseUrl, email));
  return { email, password: E2E_PASSWORD, role, id: body.id, firstName, lastName };
}
