// The "Download my data" archive (issue 38): one zip with a JSON file per section of
// sections.ts (each table's rows of the client's, by table name), the files those rows hold
// (lab reports, support attachments) under files/, and summary.pdf, a readable account of the same.
// fflate writes the zip (small, no native code, maintained); pdfkit draws the summary in the
// DejaVu font billing's documents use, so the rupee sign and Indian names print.
import { createRequire } from 'node:module';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { sql } from 'kysely';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/database.ts';
import { EXPORT_SECTIONS, type ExportSection } from './sections.ts';
import { PRIVACY_TEXTS } from './texts.ts';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

type Row = Record<string, unknown>;

export interface SectionData {
  section: ExportSection;
  /** Each table's rows, by table name. */
  tables: Record<string, Row[]>;
}

export interface ClientArchive {
  zip: Uint8Array;
  sections: SectionData[];
}

/** A column's value as JSON: bytes as base64 (a bytea no section writes as a file), dates as ISO 8601. */
function plain(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'file';

/** Reads every section's rows of the client's (in the caller's transaction, so the archive is one moment). */
export async function readSections(db: Db, client: number): Promise<{ sections: SectionData[]; files: Zippable }> {
  const files: Zippable = {};
  const sections: SectionData[] = [];
  for (const section of EXPORT_SECTIONS) {
    const tables: Record<string, Row[]> = {};
    for (const t of section.tables) {
      const { rows } = await sql<Row>`select * from ${sql.table(t.table)} where ${t.where(client)} order by 1`.execute(db);
      tables[t.table] = rows.map((row) => {
        if (t.file) {
          const content = row[t.file.content];
          if (content instanceof Uint8Array) files[`files/${t.table}/${String(row[t.file.id])}-${safeName(String(row[t.file.name]))}`] = content;
        }
        const out: Row = {};
        for (const [column, value] of Object.entries(row)) if (!t.omit?.includes(column)) out[column] = plain(value);
        return t.redact ? t.redact(out) : out;
      });
    }
    sections.push({ section, tables });
  }
  await nameActors(db, sections);
  return { sections, files };
}

/** Who viewed the record, by name and role as well as id: the trail itself keeps ids only. */
async function nameActors(db: Db, sections: SectionData[]): Promise<void> {
  const events = sections.flatMap((s) => s.tables.audit_events ?? []);
  const ids = [...new Set(events.map((e) => e.actor_id).filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return;
  const people = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
  const names = new Map(people.map((p) => [p.id, `${p.first_name} ${p.last_name}`.trim()]));
  for (const e of events) e.actor_name = typeof e.actor_id === 'number' ? (names.get(e.actor_id) ?? null) : PRIVACY_TEXTS.summary.systemActor;
}

/** The whole archive of the client's data, as of `now`. */
export async function buildArchive(db: Db, client: number, now: Date, clinic: string): Promise<ClientArchive> {
  const { sections, files } = await readSections(db, client);
  const entries: Zippable = { ...files };
  for (const { section, tables } of sections) {
    entries[`${section.key}.json`] = strToU8(JSON.stringify({ section: section.title, exported_at: now.toISOString(), tables }, null, 2));
  }
  entries['summary.pdf'] = await summaryPdf(sections, now, clinic);
  entries['README.txt'] = strToU8(PRIVACY_TEXTS.readme(clinic, now.toISOString()));
  const mtime = now;
  const zip = zipSync(Object.fromEntries(Object.entries(entries).map(([name, data]) => [name, [data as Uint8Array, { mtime }]])), { level: 6 });
  return { zip, sections };
}

const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : typeof value === 'string' ? value.slice(0, 10) : '');
const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** summary.pdf: the profile, then each section's record counts, then who viewed the record. */
export function summaryPdf(sections: SectionData[], now: Date, clinic: string): Promise<Uint8Array> {
  const T = PRIVACY_TEXTS.summary;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 48,
    font: FONT_REGULAR,
    lang: 'en-IN',
    displayTitle: true,
    info: { Title: T.title(clinic), Creator: clinic, Producer: 'PDFKit', CreationDate: now, ModDate: now },
  });
  pdf.registerFont('regular', FONT_REGULAR);
  pdf.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
  });
  const heading = (words: string) => pdf.moveDown(0.8).font('bold').fontSize(13).text(words).font('regular').fontSize(10).moveDown(0.2);
  const byKey = new Map(sections.map((s) => [s.section.key, s.tables]));
  const user = byKey.get('profile')?.users?.[0] ?? {};
  const profile = byKey.get('profile')?.user_profiles?.[0] ?? {};
  pdf.font('bold').fontSize(16).text(T.title(clinic));
  pdf
    .font('regular')
    .fontSize(10)
    .text(T.prepared(`${text(user.first_name)} ${text(user.last_name)}`, now.toISOString().slice(0, 10)));
  pdf.moveDown(0.4).text(T.intro);
  heading(T.profileHeading);
  const facts: [string, unknown][] = [
    [T.fields.name, `${text(user.first_name)} ${text(user.last_name)}`],
    [T.fields.email, user.email],
    [T.fields.phone, user.phone_number],
    [T.fields.dateOfBirth, day(profile.date_of_birth)],
    [T.fields.address, [profile.address_line_1, profile.address_line_2, profile.city, profile.state, profile.zipcode].filter(Boolean).join(', ')],
    [T.fields.aadhaar, profile.aadhar_last4 ? T.aadhaarMasked(String(profile.aadhar_last4)) : null],
    [T.fields.joined, day(user.date_joined)],
  ];
  for (const [label, value] of facts) pdf.text(`${label}: ${text(value)}`);
  heading(T.sectionsHeading);
  for (const { section, tables } of sections) {
    const count = Object.values(tables).reduce((n, rows) => n + rows.length, 0);
    pdf
      .font('bold')
      .text(T.sectionLine(section.title, section.key, count))
      .font('regular');
  }
  const events = byKey.get('record-views')?.audit_events ?? [];
  heading(T.viewsHeading);
  if (events.length === 0) pdf.text(T.noViews);
  const shown = events.slice(-T.viewsShown);
  if (events.length > shown.length) pdf.text(T.viewsMore(events.length - shown.length));
  for (const e of shown) {
    const when = e.occurred_at instanceof Date ? e.occurred_at.toISOString() : String(e.occurred_at);
    pdf.text(
      `${when.slice(0, 16).replace('T', ' ')} UTC · ${text(e.actor_name)} (${text(e.actor_role)}) · ${text(e.action)}${e.outcome === 'denied' ? ` · ${T.refused}` : ''}`,
    );
  }
  pdf.end();
  return done;
}
