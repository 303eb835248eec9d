import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Logic is written once: this check finds runs of identical lines in two places of the code base, so that a copy
 * fails the lint at once rather than being found later, when only one of the two got fixed.
 *
 * Lines are compared after folding white space. Lines that say nothing of their own are passed over, so that
 * neither they nor a reformatting hide or fake a repeat: blank lines, comments, lines of punctuation only
 * (closing brackets) and import statements (every file starts with much the same ones).
 */

export interface SourceFile {
  path: string;
  text: string;
}

export interface Place {
  path: string;
  /** First and last line, 1-based, of the run in the file as written. */
  start: number;
  end: number;
}

export interface RepeatedRun {
  /** The number of compared lines the run holds (passed-over lines inside it are not counted). */
  lines: number;
  places: Place[];
}

export const minimumRunLines = 6;

/** The server, its contract (where a rule the browser needs too is written once) and the front ends. */
export const checkedFolders = ['server/src', 'server/contract', 'app', 'extension', 'plugin'];
const checkedEndings = ['.ts', '.tsx', '.js', '.css', '.html'];
const leftOut = [/\.test\.tsx?$/, /^app\/kit\/testing\//, /^server\/src\/generated\//];

interface Line {
  text: string;
  number: number;
}

// `{/*` opens a comment inside JSX.
const commentStart = /^(\/\/|\/\*|\*|\{\/\*|<!--)/;
// No letter or digit: `}`, `});`, `],`, `/>`, `)}` and the like close something written above.
const punctuationOnly = /^[^\p{L}\p{N}]*$/u;
// Not `import(` or `import.meta`, which are code; nor a line of JSX text that starts with the word.
const importStart = /^(import\s*[\w*{'"$]|@import\b)/;
const reExportStart = /^export\s+(type\s+)?[{*]/;
const fromClause = /\bfrom\s*['"]|^import\s*['"]|^@import\b/;

/** The lines of a file that are compared, with their line numbers. */
export function comparedLines(text: string): Line[] {
  const raw = text.split(/\r?\n/);
  const kept: Line[] = [];
  let inBlockComment = false;
  for (let index = 0; index < raw.length; index++) {
    const line = raw[index]!.trim().replace(/\s+/g, ' ');
    if (inBlockComment) {
      if (line.includes('*/') || line.includes('-->')) inBlockComment = false;
      continue;
    }
    if (commentStart.test(line)) {
      const closed = line.startsWith('<!--') ? line.includes('-->') : line.includes('*/', 2);
      if (/^(\/\*|\{\/\*|<!--)/.test(line) && !closed) inBlockComment = true;
      continue;
    }
    if (punctuationOnly.test(line)) continue;
    const statementEnd = importEnd(raw, index, line);
    if (statementEnd !== null) {
      index = statementEnd;
      continue;
    }
    kept.push({ text: line, number: index + 1 });
  }
  return kept;
}

/** The index of the last line of the import (or re-export) statement starting at `index`, or null if none does. */
function importEnd(raw: string[], index: number, line: string): number | null {
  if (!importStart.test(line) && !reExportStart.test(line)) return null;
  if (fromClause.test(line)) return index;
  // Only a list of names in braces runs over several lines: `import {`, `export type {`, ... `} from '...'`.
  // Without the `from`, `export { a, b };` re-exports local names: code of its own.
  if (!line.includes('{') || line.includes('}')) return null;
  let end = index + 1;
  while (end < raw.length && !raw[end]!.includes('}')) end++;
  return end < raw.length && fromClause.test(raw[end]!) ? end : null;
}

/** Every run of at least `minLines` compared lines found identically in two places, each run reported once. */
export function findRepeatedRuns(files: SourceFile[], minLines = minimumRunLines): RepeatedRun[] {
  const lines = files.map((file) => comparedLines(file.text));
  const windows = new Map<string, Array<{ file: number; at: number }>>();
  lines.forEach((fileLines, file) => {
    for (let at = 0; at + minLines <= fileLines.length; at++) {
      const key = windowKey(fileLines, at, minLines);
      const seen = windows.get(key);
      if (seen) seen.push({ file, at });
      else windows.set(key, [{ file, at }]);
    }
  });

  // Pairs of equal windows on one diagonal (same two files, same offset) that follow each other form one run.
  const diagonals = new Map<string, number[]>();
  for (const seen of windows.values()) {
    for (let a = 0; a < seen.length; a++) {
      for (let b = a + 1; b < seen.length; b++) {
        const [first, second] = order(seen[a]!, seen[b]!);
        // A file repeating itself within one window (a pattern shorter than the window) is not a copy.
        if (first.file === second.file && second.at - first.at < minLines) continue;
        const key = `${first.file}:${second.file}:${second.at - first.at}`;
        const starts = diagonals.get(key);
        if (starts) starts.push(first.at);
        else diagonals.set(key, [first.at]);
      }
    }
  }

  const runs = new Map<string, RepeatedRun>();
  for (const [key, starts] of diagonals) {
    const [fileA, fileB, offset] = key.split(':').map(Number) as [number, number, number];
    starts.sort((x, y) => x - y);
    for (let index = 0; index < starts.length;) {
      let last = index;
      while (last + 1 < starts.length && starts[last + 1] === starts[last]! + 1) last++;
      const from = starts[index]!;
      const count = starts[last]! - from + minLines;
      const content = windowKey(lines[fileA]!, from, count);
      const run = runs.get(content) ?? { lines: count, places: [] };
      addPlace(run, place(files[fileA]!.path, lines[fileA]!, from, count));
      addPlace(run, place(files[fileB]!.path, lines[fileB]!, from + offset, count));
      runs.set(content, run);
      index = last + 1;
    }
  }
  return [...runs.values()].sort(
    (x, y) => x.places[0]!.path.localeCompare(y.places[0]!.path) || x.places[0]!.start - y.places[0]!.start,
  );
}

function windowKey(lines: Line[], at: number, count: number): string {
  return lines
    .slice(at, at + count)
    .map((line) => line.text)
    .join('\n');
}

function order<T extends { file: number; at: number }>(x: T, y: T): [T, T] {
  return x.file < y.file || (x.file === y.file && x.at < y.at) ? [x, y] : [y, x];
}

function place(filePath: string, lines: Line[], at: number, count: number): Place {
  return { path: filePath, start: lines[at]!.number, end: lines[at + count - 1]!.number };
}

function addPlace(run: RepeatedRun, next: Place): void {
  if (run.places.some((known) => known.path === next.path && known.start === next.start)) return;
  run.places.push(next);
  run.places.sort((x, y) => x.path.localeCompare(y.path) || x.start - y.start);
}

export function formatRun(run: RepeatedRun): string {
  return `${run.places.map((at) => `${at.path}:${at.start}-${at.end}`).join(' ~ ')} (${run.lines} lines)`;
}

/** The checked files git knows of (tracked, or new and not ignored), read from the repository at `root`. */
export function readCheckedFiles(root: string): SourceFile[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...checkedFolders],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const paths = [...new Set(listed.split('\0'))].filter(
    (file) =>
      checkedEndings.some((ending) => file.endsWith(ending)) &&
      !leftOut.some((pattern) => pattern.test(file)) &&
      // A tracked file deleted in the working tree is gone from the code being checked.
      existsSync(path.join(root, file)),
  );
  return paths.sort().map((file) => ({ path: file, text: readFileSync(path.join(root, file), 'utf8') }));
}

export interface RepositoryCheck {
  files: number;
  /** Repeats to write once. */
  runs: RepeatedRun[];
}

export function checkRepository(root: string): RepositoryCheck {
  const files = readCheckedFiles(root);
  return { files: files.length, runs: findRepeatedRuns(files) };
}

function main(): void {
  const started = performance.now();
  const { files, runs } = checkRepository(fileURLToPath(new URL('..', import.meta.url)));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const run of runs) console.log(formatRun(run));
  const summary = `${runs.length} repeated run${runs.length === 1 ? '' : 's'} of ${minimumRunLines} or more lines in ${files} files (${seconds}s)`;
  if (runs.length > 0) {
    console.log(`${summary}: write each once and use it from both places.`);
    process.exitCode = 1;
    return;
  }
  console.log(`${summary}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
