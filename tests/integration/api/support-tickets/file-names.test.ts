// Uploaded files keep their checked type in their name (issue 42): whatever a support attachment
// or a lab report PDF is called, it is stored and downloaded under a name whose extension is the
// type its bytes are (a PDF is never served as "x.html"), without direction controls; and a name
// stored before these rules is served the same way.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_EXTENSIONS, type FileType } from '../../../../machines/rules/file-types.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { addCatalogue, addPincode, book, CLIENT_PROFILE, slotsFor } from '../labs/fixtures.ts';
import { type Actor, addUser, api } from '../support.ts';
import { download, PDF, PNG, upload } from './fixtures.ts';

const HOSTILE_NAMES = [
  'x.html',
  'x.htm',
  'page.svg',
  'x.pdf.html',
  'run.exe',
  'invoice\u202Efdp.exe',
  '\u2066report\u2069.js',
  'a\u200Fb\u200E.xhtml',
  'no-extension',
  '.html',
  'ok.pdf',
  'ok.png',
];
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

/** The file name a Content-Disposition header gives (the UTF-8 one). */
const servedName = (header: unknown) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(String(header))![1]);
const fallbackName = (header: unknown) => /filename="([^"]*)"/.exec(String(header))![1];
const hasTypeExtension = (name: string, type: FileType) => FILE_EXTENSIONS[type].includes(/\.([^.]+)$/.exec(name)?.[1].toLowerCase() ?? '');

describe.each(engines)('uploaded file names on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  let nurse: Actor;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    client = await addUser(t, 'CLIENT', { profile: CLIENT_PROFILE });
    nurse = await addUser(t, 'NURSE');
    admin = await addUser(t, 'ADMIN');
  }, 180_000);
  afterAll(() => t.close());

  it('a support attachment is stored and served under its checked type, without direction controls', async () => {
    const wrong: string[] = [];
    for (const [content, type] of [
      [PDF, 'application/pdf'],
      [PNG, 'image/png'],
    ] as const) {
      for (const name of HOSTILE_NAMES) {
        const res = await upload(t, client, name, content);
        expect(res.status).toBe(201);
        const file = await download(t, client, res.body.id);
        const served = servedName(file.headers['content-disposition']);
        for (const [where, value] of [
          ['stored', res.body.file_name as string],
          ['served', served],
          ['fallback', fallbackName(file.headers['content-disposition'])],
        ] as const) {
          if (!hasTypeExtension(value, type) || BIDI.test(value)) wrong.push(`${type} ${JSON.stringify(name)} ${where} as ${JSON.stringify(value)}`);
        }
        expect(file.headers['content-type']).toBe(type);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a name stored before the rules is served under its type', async () => {
    const res = await upload(t, client, 'fine.pdf', PDF);
    await sql`update support_attachments set file_name = ${'old\u202Elmth.pdf'} where id = ${res.body.id}`.execute(t.database.db);
    const served = servedName((await download(t, client, res.body.id)).headers['content-disposition']);
    expect(served).toBe('oldlmth.pdf');
    await sql`update support_attachments set file_name = ${'old.html'} where id = ${res.body.id}`.execute(t.database.db);
    expect(servedName((await download(t, client, res.body.id)).headers['content-disposition'])).toBe('old.pdf');
  });

  it('a lab report PDF is stored and served as a .pdf whatever it was called', async () => {
    const cat = await addCatalogue(t, admin);
    const pincode = await addPincode(t, admin, 5);
    const slot = (await slotsFor(t, client, pincode, [cat.haemoglobin.id])).find((s) => s.places_left > 0)!;
    const order = await book(t, client, pincode, slot.start, [cat.haemoglobin.id]);
    for (const name of HOSTILE_NAMES) {
      const saved = await api(t, nurse, 'POST', `/labs/reports/${order.id}/pdf`, { file_name: name, content_base64: PDF.toString('base64') });
      expect(saved.status).toBe(201);
      expect(hasTypeExtension(saved.body.file_name, 'application/pdf'), saved.body.file_name).toBe(true);
      expect(saved.body.file_name).not.toMatch(BIDI);
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/labs/reports/${order.id}/pdf`, headers: { authorization: `Bearer ${nurse.accessToken}` } });
      const served = servedName(res.headers['content-disposition']);
      expect(hasTypeExtension(served, 'application/pdf'), served).toBe(true);
      expect(served).not.toMatch(BIDI);
    }
  });
});
