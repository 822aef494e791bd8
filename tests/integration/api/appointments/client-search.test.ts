// The booking dialog's client search (issue 16) is the clients list's: by name or phone, and by
// ABHA number typed as printed on the card (12-3456-7890-1234) or as 14 digits. An ABHA number
// matches exactly: a part of one finds nobody by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

describe.each(engines)('client search by name, phone and ABHA number on %s', (engine) => {
  let t: TestApp;
  let reception: Actor;
  let kavya: number;
  let rohan: number;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    reception = await addUser(t, 'RECEPTION');
    const add = async (first: string, phone: string, abha: string) => {
      const res = await api(t, reception, 'POST', '/users/users', {
        email: `${first.toLowerCase()}.${Date.now()}@search.test`,
        first_name: first,
        last_name: 'Search',
        role: 'CLIENT',
        phone_number: phone,
        abha_number: abha,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    kavya = await add('Kavya', '+919812300001', '12345678901234');
    rohan = await add('Rohan', '+919812300002', '98765432109876');
  }, 180_000);
  afterAll(() => t.close());

  const found = async (search: string) => {
    const res = await api(t, reception, 'GET', `/users/users?role=CLIENT&page_size=10&search=${encodeURIComponent(search)}`);
    expect(res.status).toBe(200);
    return res.body.results.map((u: { id: number }) => u.id);
  };

  it('finds a client by ABHA number, with or without dashes, exactly', async () => {
    expect(await found('12-3456-7890-1234')).toEqual([kavya]);
    expect(await found('98765432109876')).toEqual([rohan]);
    expect(await found('9876 5432 1098 76')).toEqual([rohan]);
    expect(await found('12345678')).toEqual([]);
  });

  it('still finds clients by name and phone', async () => {
    expect(await found('kavya')).toEqual([kavya]);
    expect(await found('9812300002')).toEqual([rohan]);
  });
});
