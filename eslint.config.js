// Lint: typescript-eslint's recommended rules plus React hooks rules, over every TypeScript file,
// and the architecture's import boundaries (rule `boundaries/imports` below).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

// Network clients: the HTTP client of the business API (openapi-fetch and its one wrapper), the
// identity SDKs, and raw HTTP/socket modules.
const NETWORK_CLIENT = /^(openapi-fetch|aws-amplify|@aws-amplify\/.*|@aws-sdk\/.*|axios|ky|undici|node-fetch|(node:)?(http|https|http2|net|tls|dgram))(\/.*)?$/;
const REACT = /^(react|react-dom|@xstate\/react|@mui\/.*|@emotion\/.*|wouter|notistack)(\/.*)?$/;
const VIEW_FORBIDDEN = /^(openapi-fetch|aws-amplify|@aws-amplify\/.*)(\/.*)?$/;
const FETCH_WRAPPER = 'src/lib/api-client.ts';

/** The project-relative path an import resolves to (relative imports), without extension guessing. */
function resolveLocal(fromFile, source) {
  if (!source.startsWith('.')) return null;
  return path
    .relative(ROOT, path.resolve(path.dirname(fromFile), source))
    .split(path.sep)
    .join('/');
}
const under = (file, dir) => file === dir || file.startsWith(`${dir}/`);
const featureOf = (file) => file.match(/^src\/features\/([^/]+)\//)?.[1] ?? null;
// A domain's adapter is named after it (src/features/labs/labs-api.ts), with a part beside it only
// where the download splits (identity-flows-api.ts loaded on demand, clients-session-api.ts taken
// eagerly by the shell); the app shell has its own (app-api.ts), which calls no domain's operations.
const isAdapter = (file) => {
  const domain = featureOf(file);
  if (domain) return new RegExp(`^src/features/${domain}/${domain}(-[a-z]+)?-api\\.ts$`).test(file);
  return file === 'src/app/shell/app-api.ts';
};
const withoutExtension = (file) => file.replace(/\.(tsx?|jsx?)$/, '');
const PUBLIC_ENTRIES = ['', '/index', '/shell'];

/** Why `file` may not import `source`, or null. Exported for tests/unit/lint/boundaries.test.ts. */
export function boundaryViolation(file, source, typeOnly = false) {
  const target = resolveLocal(path.resolve(ROOT, file), source);
  const bare = target === null ? source : null;
  if (under(file, 'machines')) {
    if (bare && REACT.test(bare)) return `machines/ is pure: no React or UI library ('${bare}')`;
    if (bare && NETWORK_CLIENT.test(bare)) return `machines/ is pure: no network client ('${bare}'); provide actors with .provide()`;
    if (bare && !/^xstate(\/.*)?$/.test(bare)) return `machines/ imports only xstate and other machines/ modules ('${bare}')`;
    if (target && under(target, 'src')) return `machines/ may not import src/ ('${source}')`;
    if (target && under(target, 'server')) return `machines/ may not import server/ ('${source}')`;
    if (target && !under(target, 'machines')) return `machines/ imports only xstate and other machines/ modules ('${source}')`;
    return null;
  }
  if (under(file, 'server')) {
    if (target && under(target, 'src')) return `server/ may not import src/ ('${source}')`;
    return null;
  }
  const isView = (under(file, 'src/features') || under(file, 'src/app')) && !isAdapter(file);
  // A type-only import calls nothing; machines stay strict (xstate only) all the same.
  if (isView && bare && !typeOnly && VIEW_FORBIDDEN.test(bare)) {
    return `only a domain's adapter (src/features/<domain>/<domain>-api.ts) calls '${bare}'; views send events to machines`;
  }
  if (isView && target && !typeOnly && withoutExtension(target) === withoutExtension(FETCH_WRAPPER)) {
    return `only a domain's adapter (src/features/<domain>/<domain>-api.ts) uses the API client ('${source}')`;
  }
  const feature = featureOf(file);
  const other = target ? featureOf(`${target}/`) : null;
  if (other && other !== feature) {
    // A domain is entered through its public entry alone: index.ts (what route modules compose and
    // the rare word another domain shares) or shell.ts (the little the app shell needs eagerly, kept
    // apart so the first download does not carry the domain's pages). Screens that combine
    // domains are route modules (src/app/routes/); src/lib, being generic, imports none.
    const entry = withoutExtension(target).slice(`src/features/${other}`.length);
    if (under(file, 'src/lib')) return `src/lib is generic: it imports no domain ('${source}')`;
    if (!PUBLIC_ENTRIES.includes(entry)) {
      const who = feature ? `src/features/${feature}` : 'the app';
      return `${who} may not import another domain's internals ('${source}'): only its public entry src/features/${other}/index.ts`;
    }
  }
  if (feature && target && under(target, 'src/app') && !['src/app/port', 'src/app/paths'].includes(withoutExtension(target))) {
    return `features import the app only through src/app/port.ts and src/app/paths.ts ('${source}')`;
  }
  return null;
}

/** A relative import without the file's extension, or null: one style everywhere, the one Node needs on the server. */
export function extensionMissing(source) {
  if (!source.startsWith('.') || /\.(tsx?|jsx?|mjs|json)$/.test(source)) return null;
  return `a relative import names its file's extension ('${source}.ts' or '.tsx'), as everywhere in machines/, server/ and src/`;
}

const boundaries = {
  rules: {
    extensions: {
      meta: { type: 'problem', docs: { description: 'One import-extension style: relative imports name the file (./x.ts)' }, schema: [] },
      create(context) {
        const check = (node) => {
          const source = node.source;
          if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
          const reason = extensionMissing(source.value);
          if (reason) context.report({ node: source, message: reason });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
    imports: {
      meta: {
        type: 'problem',
        docs: { description: 'The import boundaries of docs: machines pure, views thin, domains met only through their public entries, server without src/' },
        schema: [],
      },
      create(context) {
        const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
        const check = (node) => {
          const source = node.source;
          if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
          const reason = boundaryViolation(file, source.value, node.importKind === 'type' || node.exportKind === 'type');
          if (reason) context.report({ node: source, message: reason });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

export default tseslint.config(
  // What the project's commands write (build/: the server bundle and the web app `npm start` makes;
  // data/: the default DATA_DIR) and what older checkouts wrote (dist*/) is not source.
  { ignores: ['node_modules/', 'build/', 'dist/', 'dist.*/', 'data/', 'docs/', 'openapi/generated/', 'bench/results/', '.tmp/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['machines/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/imports': 'error' },
  },
  {
    // One import-extension style in every TypeScript file: the tests, scripts and benchmarks too.
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/extensions': 'error' },
  },
  {
    // A machine reaches the network only through actors provided from outside.
    files: ['machines/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
          name,
          message: 'machines/ is pure: provide a network call as an actor with .provide()',
        })),
      ],
    },
  },
);
