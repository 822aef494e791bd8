// Front end: what a browser downloads (gzip) to show each route, read from the Vite manifest of a
// build made in this run, and the /login initial transfer beside a reference app built in the
// same run with the same Vite: React plus @aws-amplify/ui-react's Authenticator (hideSignUp),
// the usual off-the-shelf way to put a Cognito sign-in on a page.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { paths, type RouteKey } from '../src/app/paths.ts';
import { type BenchOptions, type Figure, round, type SectionResult } from './lib/figures.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const TARGET_RATIO = 0.8;
/** Issue 41: what a route may download before it draws, JS gzip. */
const ROUTE_JS_TARGET_KIB = 250;
/** How many of a route's largest parts its row names. */
const PARTS_NAMED = 6;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Transfer {
  js: number;
  css: number;
  other: number;
  files: string[];
}

const kb = (bytes: number) => round(bytes / 1024, 1);
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file)).length;

/** Built chunk file -> the bytes each part (an npm package, or a source folder) adds to it, as rendered (before gzip). */
type ChunkParts = Map<string, Map<string, number>>;

/** The part a module belongs to: its npm package (`@mui/material`), else its source folder (`src/features/clients`). */
export function partOf(moduleId: string): string {
  const id = moduleId.replace(/\\/g, '/').replace(/\?.*$/, '');
  const inModules = id.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const rest = id.slice(inModules + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (id.startsWith('\0')) return '(bundler runtime)';
  const local = path.relative(projectRoot, id).split('/');
  if (local[0] === '..' || local.length < 2) return local.join('/');
  return local.slice(0, Math.min(3, local.length - 1)).join('/');
}

/**
 * Records, while the app builds, which modules each chunk holds and their rendered size, so the
 * bench can say what a route's bytes are made of (a regression names its package).
 */
function chunkParts(into: ChunkParts): Plugin {
  return {
    name: 'bench-chunk-parts',
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const parts = new Map<string, number>();
        for (const [id, info] of Object.entries(chunk.modules)) {
          const part = partOf(id);
          parts.set(part, (parts.get(part) ?? 0) + info.renderedLength);
        }
        into.set(chunk.fileName, parts);
      }
    },
  };
}

/** A route's largest parts over its files beyond the ones every screen loads, largest first, as "name N". */
function largestParts(files: Iterable<string>, everyScreen: Set<string>, parts: ChunkParts): string {
  const sum = new Map<string, number>();
  for (const f of files) {
    if (everyScreen.has(f)) continue;
    for (const [part, bytes] of parts.get(f) ?? []) sum.set(part, (sum.get(part) ?? 0) + bytes);
  }
  if (sum.size === 0) return 'none';
  return [...sum]
    .sort((a, b) => b[1] - a[1])
    .slice(0, PARTS_NAMED)
    .map(([part, bytes]) => `${part} ${kb(bytes)}`)
    .join(', ');
}

/** The built files index.html itself names (its script, modulepreload and stylesheet links). */
function htmlAssets(outDir: string): string[] {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
}

/** The files a chunk needs before it runs: itself, its static imports, their CSS and assets. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no entry ${key}`);
  const files = new Set<string>();
  if (seen.has(key)) return files;
  seen.add(key);
  files.add(chunk.file);
  for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
  for (const imported of chunk.imports ?? []) for (const f of closure(manifest, imported, seen)) files.add(f);
  return files;
}

function transfer(outDir: string, files: Iterable<string>, withIndexHtml = true): Transfer {
  const t: Transfer = { js: 0, css: 0, other: 0, files: [] };
  const all = [...(withIndexHtml ? ['index.html'] : []), ...files];
  for (const f of all) {
    const size = gzipSize(path.join(outDir, f));
    if (f.endsWith('.js')) t.js += size;
    else if (f.endsWith('.css')) t.css += size;
    else t.other += size;
    t.files.push(f);
  }
  return t;
}

/**
 * The Amplify UI packages need xstate 4 while this project uses xstate 5 at the top of
 * node_modules; npm nests the 4 under @aws-amplify/ui-react-core, where not every Amplify UI copy
 * finds it. A standalone app would have xstate 4 at its top level: resolve it that way.
 */
function amplifyUiXstate(): Plugin {
  const core = path.join(projectRoot, 'node_modules/@aws-amplify/ui-react-core/package.json');
  return {
    name: 'reference-xstate-4',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!/^xstate(\/|$)/.test(source) || !importer?.includes('/@aws-amplify/')) return null;
      return this.resolve(source, core, { skipSelf: true });
    },
  };
}

async function viteBuild(root: string, outDir: string, inline: boolean, parts?: ChunkParts): Promise<Manifest> {
  // Vite sets NODE_ENV=production in this process; the servers started later inherit the
  // environment and must not see it (production demands IDENTITY_SECRET).
  const nodeEnv = process.env.NODE_ENV;
  try {
    return await viteBuildOnce(root, outDir, inline, parts);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function viteBuildOnce(root: string, outDir: string, inline: boolean, parts?: ChunkParts): Promise<Manifest> {
  const { build } = await import('vite');
  if (inline) {
    const react = (await import('@vitejs/plugin-react')).default;
    await build({
      root,
      configFile: false,
      plugins: [react(), amplifyUiXstate()],
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false, chunkSizeWarningLimit: 5000 },
    });
  } else {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      plugins: parts ? [chunkParts(parts)] : [],
      build: { outDir, emptyOutDir: true },
    });
  }
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * The route table's pages, read from src/app/routes/index.tsx itself (its TypeScript syntax tree, not a
 * pattern over its text): every property of the exported `pages` object is a built route, and the
 * module its initializer imports with `import('...')` (inside `onDemand(...)`, `lazy(...)` or any
 * other wrapper) is that page's own chunk. A page imported statically has no chunk of its own (it
 * is in the entry). Returns route key -> source path (null when the page is in the entry).
 */
export function routePages(file = path.join(projectRoot, 'src/app/routes/index.tsx')): Map<string, string | null> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const resolve = (spec: string) => {
    const base = path.resolve(path.dirname(file), spec);
    const hit = ['', '.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
    return path.relative(projectRoot, hit ?? base);
  };
  const dynamicImport = (node: ts.Node): string | null => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) return arg.text;
    }
    return ts.forEachChild(node, (child) => dynamicImport(child) ?? undefined) ?? null;
  };
  // `const X = lazy(() => import('./x'))` used as `key: X`.
  const consts = new Map<string, ts.Expression>();
  let table: ts.ObjectLiteralExpression | null = null;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || !d.initializer) continue;
      consts.set(d.name.text, d.initializer);
      let init: ts.Expression = d.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (d.name.text === 'pages' && ts.isObjectLiteralExpression(init)) table = init;
    }
  }
  if (!table) throw new Error(`${path.relative(projectRoot, file)} has no \`pages\` object: the front-end benchmark cannot tell which routes are built`);
  const found = new Map<string, string | null>();
  for (const prop of table.properties) {
    if (!ts.isPropertyAssignment(prop) && !ts.isShorthandPropertyAssignment(prop)) continue;
    const key = prop.name.getText(source).replace(/^['"]|['"]$/g, '');
    const value = ts.isPropertyAssignment(prop) ? prop.initializer : prop.name;
    const target = ts.isIdentifier(value) ? (consts.get(value.text) ?? value) : value;
    const spec = dynamicImport(target);
    found.set(key, spec ? resolve(spec) : null);
  }
  return found;
}

const REFERENCE_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Amplify } from 'aws-amplify';
import { Authenticator } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';

Amplify.configure({ Auth: { Cognito: { userPoolId: 'ap-south-1_reference', userPoolClientId: 'reference' } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Authenticator hideSignUp>
      {({ signOut, user }) => (
        <main>
          <p>Signed in as {user?.username}</p>
          <button type="button" onClick={signOut}>Sign out</button>
        </main>
      )}
    </Authenticator>
  </StrictMode>,
);
`;

const REFERENCE_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Reference</title></head>
  <body><div id="root"></div><script type="module" src="/main.tsx"></script></body>
</html>
`;

async function buildReference(workDir: string): Promise<Transfer> {
  const root = path.join(workDir, 'reference-app');
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), REFERENCE_HTML);
  fs.writeFileSync(path.join(root, 'main.tsx'), REFERENCE_MAIN);
  // The project's own packages (and so the same Vite, React and Amplify versions).
  fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const outDir = path.join(root, 'dist');
  const manifest = await viteBuild(root, outDir, true);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  return transfer(outDir, closure(manifest, entry));
}

export async function runFrontend(options: BenchOptions): Promise<SectionResult> {
  const started = Date.now();
  const section = 'Front end: transfer per route (gzip)';
  const outDir = path.join(options.workDir, 'ours');
  // The route table as the build sees it: read before the build, so an edit made meanwhile does
  // not ask for a chunk the build never made.
  const pages = routePages();
  options.log('  building the app (vite build)...');
  const parts: ChunkParts = new Map();
  const manifest = await viteBuild(projectRoot, outDir, false, parts);
  options.distDir = outDir;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry chunk');
  const initial = closure(manifest, entry);
  // Chunks loaded on demand that index.html names all the same (modulepreload: the toasts every
  // first screen waits for) download with every page: they are part of the initial transfer.
  for (const f of htmlAssets(outDir)) initial.add(f);
  // Per built route: the entry's closure plus the route's own page chunk (if it has one). A route
  // without a page renders the not-available page from the entry.
  const perRoute = new Map<RouteKey, Transfer>();
  const unknown = [...pages.keys()].filter((k) => !(k in paths));
  if (unknown.length) throw new Error(`src/app/routes/index.tsx has pages for routes src/app/paths.ts does not know: ${unknown.join(', ')}`);
  for (const key of Object.keys(paths) as RouteKey[]) {
    if (!pages.has(key) && key !== 'login') continue;
    const src = pages.get(key);
    const files = new Set(initial);
    if (src) {
      if (!manifest[src]) throw new Error(`route ${key} imports ${src} on demand but the manifest has no chunk for it`);
      for (const f of closure(manifest, src)) files.add(f);
    }
    perRoute.set(key, transfer(outDir, files));
  }
  const lazy = new Map([...pages].filter(([, src]) => src !== null));
  const notBuilt = (Object.keys(paths) as RouteKey[]).filter((k) => !pages.has(k) && k !== 'login');

  options.log('  building the reference app (React + @aws-amplify/ui-react Authenticator, hideSignUp)...');
  const reference = await buildReference(options.workDir);
  const login = perRoute.get('login')!;
  const ours = login.js + login.css + login.other;
  const theirs = reference.js + reference.css + reference.other;
  const ratio = ours / theirs;

  const figures: Figure[] = [
    {
      name: '/login initial transfer (HTML + JS + CSS, gzip)',
      value: kb(ours),
      unit: 'KiB',
      compared: { label: 'reference Authenticator app', value: kb(theirs), unit: 'KiB' },
      target: `<= ${TARGET_RATIO}x reference`,
      met: ratio <= TARGET_RATIO,
      note: `ratio ${round(ratio, 2)}x; ours JS ${kb(login.js)} KiB + CSS ${kb(login.css)} KiB + HTML/other ${kb(login.other)} KiB; reference JS ${kb(reference.js)} KiB + CSS ${kb(reference.css)} KiB + HTML/other ${kb(reference.other)} KiB`,
    },
    { name: '/login transfer ratio ours / reference', value: round(ratio, 3), unit: 'x', target: `<= ${TARGET_RATIO}x`, met: ratio <= TARGET_RATIO },
  ];

  // Routes with the same transfer are one row, so an app with one chunk shows that plainly.
  const groups = new Map<string, RouteKey[]>();
  for (const [key, t] of perRoute) {
    const id = `${t.js}/${t.css}/${t.other}`;
    groups.set(id, [...(groups.get(id) ?? []), key]);
  }
  for (const keys of groups.values()) {
    const t = perRoute.get(keys[0])!;
    const label = keys.length === perRoute.size ? `every route (${keys.length})` : keys.map((k) => paths[k].path).join(', ');
    figures.push({
      name: `JS for ${label}`,
      value: kb(t.js),
      unit: 'KiB gzip',
      target: `<= ${ROUTE_JS_TARGET_KIB} KiB`,
      met: t.js / 1024 <= ROUTE_JS_TARGET_KIB,
      note: `largest parts beyond what every screen loads (KiB before gzip): ${largestParts(t.files, initial, parts)}`,
    });
    figures.push({
      name: `CSS for ${label}`,
      value: kb(t.css),
      unit: 'KiB gzip',
      note: t.css === 0 ? 'no CSS files: styles are emitted at run time (Emotion)' : undefined,
    });
  }
  const chunks = Object.values(manifest).filter((c) => c.file.endsWith('.js')).length;
  const notes = [
    lazy.size === 0
      ? `No route is loaded on demand (no page in src/app/routes/index.tsx imports its module with import(...)): every route downloads the same entry files. The build has ${chunks} JS chunk${chunks === 1 ? '' : 's'}${chunks > 1 ? '; the others load on demand inside a screen and are not counted' : ''}.`
      : `Routes loaded on demand (read from the \`pages\` table in src/app/routes/index.tsx): ${[...lazy.keys()].map((k) => paths[k as RouteKey]?.path ?? k).join(', ')}; each downloads the entry chunk plus its own page chunk.`,
    ...(notBuilt.length ? [`Not built yet (the not-available page, in the entry; not measured): ${notBuilt.map((k) => paths[k].path).join(', ')}.`] : []),
    'Sizes are gzip (level 6) of the built files; index.html counted once per route. Runtime data (/config.json, API calls) is not counted.',
    "A route's largest parts are the npm packages and source folders of its files beyond the entry every screen loads (what /login downloads), by rendered size before gzip (gzip cannot be split by module).",
  ];
  return { section, status: 'ok', figures, notes, durationMs: Date.now() - started };
}
