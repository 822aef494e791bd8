// Lists the functions in server/ longer than 150 lines (issue 33: "no function in server/ over
// 150 lines"). A route module that grows into one long closure is the smell this catches: its
// sub-resources belong in their own modules. Read with the TypeScript compiler's own parser, so
// arrow functions, methods and nested closures count the same and strings or comments never
// confuse it. tests/unit/server/function-length.test.ts fails on any; run this to see them.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
export const MAX_FUNCTION_LINES = 150;

export interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// A readable name for a function: its own, its variable's or property's, or the call it is passed to.
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source);
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` ${first.text}` : '';
    return `(callback of ${callee}${label})`;
  }
  if (ts.isExportAssignment(parent)) return '(default export)';
  return '(anonymous)';
}

/** Every function (declaration, expression, arrow, method, accessor) in `files` over `max` lines. */
export function longFunctions(files: string[], max = MAX_FUNCTION_LINES, root = ROOT): LongFunction[] {
  const found: LongFunction[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const fn = node as ts.FunctionLikeDeclaration;
        const start = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
        const lines = end - start + 1;
        if (lines > max) found.push({ file: path.relative(root, file), name: nameOf(fn, source), line: start + 1, lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines);
}

/** The server's functions over the limit. */
export function serverLongFunctions(root = ROOT, max = MAX_FUNCTION_LINES): LongFunction[] {
  return longFunctions(sourceFiles(path.join(root, 'server')), max, root);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const max = Number(process.argv[2] ?? MAX_FUNCTION_LINES);
  const found = serverLongFunctions(ROOT, max);
  for (const f of found) console.log(`${f.lines}\t${f.file}:${f.line}\t${f.name}`);
  console.log(`${found.length} function(s) in server/ over ${max} lines`);
}
