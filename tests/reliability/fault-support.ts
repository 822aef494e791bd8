// What the kill -9 tests share (scheduling-faults.ts, consent-faults.ts): a bearer call that
// answers status and JSON body, `ok` for the setup calls that must succeed, and the burst of
// concurrent writes the server is killed in the middle of.
import { expect } from 'vitest';
import type { ServerProcess } from '../support/server-process.ts';

export async function call(baseUrl: string, token: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export function ok(res: { status: number; body: any }, what: string): any {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A staff member of `role` working every hour of every day, and five clients: the cast of a
 * scheduling fault round, made under distinct emails (`tag`, `stamp`) so rounds share a store.
 */
export async function staffOnDutyWithClients(
  baseUrl: string,
  token: string,
  role: 'NURSE' | 'HEALTH_COACH',
  tag: string,
  stamp: string,
): Promise<{ staff: number; clients: number[] }> {
  const staff = ok(
    await call(baseUrl, token, 'POST', '/users/users', {
      email: `fault.${role.toLowerCase()}.${stamp}@test.clinic`,
      first_name: 'Fault',
      last_name: 'Staff',
      role,
    }),
    role,
  ).id as number;
  const clients: number[] = [];
  for (let i = 0; i < 5; i++)
    clients.push(
      ok(
        await call(baseUrl, token, 'POST', '/users/users', {
          email: `fault.${tag}.${i}.${stamp}@test.clinic`,
          first_name: 'Fault',
          last_name: `Client${i}`,
          role: 'CLIENT',
        }),
        'client',
      ).id,
    );
  const all = [1, 2, 3, 4, 5, 6, 7];
  ok(
    await call(baseUrl, token, 'PATCH', '/appointments/hours', {
      clinic_hours: all.map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' })),
      staff_hours: [{ staff, weekly: all.map((weekday) => ({ weekday, starts: '00:00', ends: '24:00' })) }],
    }),
    'hours',
  );
  return { staff, clients };
}

/**
 * Sends `count` writes at once and SIGKILLs the server once a third are acknowledged (2xx). A
 * refusal before the kill fails the test; after it, unanswered writes are expected. Returns how
 * many were acknowledged; `acknowledge` keeps what each acknowledged write stored.
 */
export async function killMidWrites(
  target: ServerProcess,
  count: number,
  write: (i: number) => Promise<{ status: number; body: any }>,
  acknowledge: (i: number, body: any) => void,
): Promise<number> {
  let acks = 0;
  let killed = false;
  const writes = Array.from({ length: count }, async (_, i) => {
    try {
      const res = await write(i);
      if (res.status >= 200 && res.status < 300) {
        acks += 1;
        acknowledge(i, res.body);
      } else if (!killed) throw new Error(`write ${i} answered ${res.status} before the kill: ${JSON.stringify(res.body)}`);
    } catch (error) {
      if (!killed && !(error instanceof TypeError)) throw error;
    }
  });
  while (acks < count / 3 && target.child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
  killed = true;
  await target.stop('SIGKILL');
  await Promise.all(writes);
  expect(acks).toBeGreaterThan(0);
  expect(acks).toBeLessThan(count);
  return acks;
}

/** One call to the identity service as Amplify makes it (Cognito's JSON protocol); anything but 200 throws. */
export async function identity(baseUrl: string, action: string, body: unknown): Promise<any> {
  const res = await fetch(`${baseUrl}/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${action}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
