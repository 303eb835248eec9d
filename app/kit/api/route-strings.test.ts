import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const browserRoots = ['app', 'extension', 'plugin'];

/** A path of the server's: `/api` (and below) or `/auth/v1`, anywhere in a string; not a host named api. */
const serverPath = /(?<![/\w])\/api(?![\w.-])|\/auth\/v1/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text of every string literal and template piece of a file: not comments, nor the modules it imports. */
function stringsOf(source: string, jsx: boolean): Array<{ line: number; text: string }> {
  const file = ts.createSourceFile(jsx ? 'file.tsx' : 'file.ts', source, ts.ScriptTarget.Latest, true);
  const found: Array<{ line: number; text: string }> = [];
  // `from '…'` and `import('…')` name modules (the kit has a folder called api), not server paths.
  const namesModule = (node: ts.Node) =>
    ts.isImportDeclaration(node.parent) ||
    ts.isExportDeclaration(node.parent) ||
    (ts.isCallExpression(node.parent) && node.parent.expression.kind === ts.SyntaxKind.ImportKeyword);
  const visit = (node: ts.Node): void => {
    if (
      (ts.isStringLiteral(node) && !namesModule(node)) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the browser code', () => {
  it('writes no path of the server as a string: it takes them from the route table', () => {
    const offenders: string[] = [];
    let scanned = 0;
    for (const root of browserRoots) {
      for (const file of sourceFiles(path.join(repoRoot, root))) {
        scanned += 1;
        for (const { line, text } of stringsOf(readFileSync(file, 'utf8'), file.endsWith('.tsx'))) {
          if (serverPath.test(text)) offenders.push(`${path.relative(repoRoot, file)}:${line}: ${text}`);
        }
      }
    }
    expect(scanned).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  }, 60_000);

  it('would notice one in a string or a template, and not in a comment', () => {
    const sample = [
      "const a = '/api/me'; // '/api/in-a-comment'",
      'const b = `${origin}/auth/v1/verify?x=${1}`; /* "/api/in-a-comment" */',
      "const c = '/apiary';",
      "import { d } from '../api/api-client.ts';",
      'const f = /["`]/.test(`/api/${a}`);',
      "const e = await import('#kit/api/api-context.tsx');",
    ].join('\n');
    const flagged = stringsOf(sample, false).filter(({ text }) => serverPath.test(text));
    expect(flagged).toEqual([
      { line: 1, text: '/api/me' },
      { line: 2, text: '/auth/v1/verify?x=' },
      { line: 5, text: '/api/' },
    ]);
  });
});
