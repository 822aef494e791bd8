// The portal home's visit count under the kill -9 test (tests/reliability/faults.test.ts): one
// client opens their home 300 times at once, SIGKILL, restart: every acknowledged opening is still
// counted (none lost), nothing is counted that was never sent, and the first visit stays past.
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';
import { CLIENT_PASSWORD, clientToken } from './portal-seen-faults.ts';

const VIEWS = 300;

/** The client's token after the restart: signing in again with the password they chose. */
export async function signInAgain(baseUrl: string, email: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { amplify: { auth: { user_pool_client_id: string } } };
  const res = await fetch(`${baseUrl}/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.amplify.auth.user_pool_client_id,
      AuthParameters: { USERNAME: email, PASSWORD: CLIENT_PASSWORD },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { AccessToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in after restart: ${res.status}`);
  return body.AuthenticationResult.AccessToken;
}

export async function killDuringHomeViews(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  const token = await options.token(server.baseUrl);
  const email = `home.views.${Date.now().toString(36)}@test.clinic`;
  ok(await call(server.baseUrl, token, 'POST', '/users/users', { email, first_name: 'Home', last_name: 'Views', role: 'CLIENT' }), 'client');
  const own = await clientToken(server.baseUrl, email);
  const target = server;
  const firsts: boolean[] = [];
  const acknowledged = await killMidWrites(
    target,
    VIEWS,
    () => call(target.baseUrl, own, 'POST', '/users/users/me/home-views'),
    (_i, body) => firsts.push(body.first_visit === true),
  );
  server = await options.start();
  const after = ok(await call(server.baseUrl, await signInAgain(server.baseUrl, email), 'POST', '/users/users/me/home-views'), 'home view after restart');
  const counted = (after.views as number) - 1;
  const lost = Math.max(0, acknowledged - counted);
  // More counted than sent, a second first visit, or a first visit after the restart: broken.
  const broken = (counted > VIEWS ? 1 : 0) + (firsts.filter(Boolean).length > 1 ? 1 : 0) + (after.first_visit ? 1 : 0);
  await server.stop('SIGTERM');
  return { acknowledged, lost, broken };
}
