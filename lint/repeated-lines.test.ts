import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkRepository, comparedLines, findRepeatedRuns, formatRun, readCheckedFiles } from './repeated-lines.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Six lines of code that say something, as one file would hold them. */
const sixLines = [
  'const total = items.length;',
  'const done = items.filter((item) => item.done).length;',
  'const share = total === 0 ? 0 : done / total;',
  'const label = `${Math.round(share * 100)} %`;',
  'console.log(label);',
  'return { total, done, share, label };',
];

describe('the repeated lines check', () => {
  it('finds a run repeated across two files, with the lines where each copy starts and ends', () => {
    const first = ['export function first(items) {', ...sixLines, '}'].join('\n');
    const second = ['// The same, elsewhere.', '', 'export function second(items) {', ...sixLines, '}', ''].join('\n');
    const runs = findRepeatedRuns([
      { path: 'a.ts', text: first },
      { path: 'b.ts', text: second },
    ]);
    expect(runs.map(formatRun)).toEqual(['a.ts:2-7 ~ b.ts:4-9 (6 lines)']);
  });

  it('reports a longer run once, not as each of its overlapping six-line windows', () => {
    const lines = [...sixLines, 'const extra = 1;', 'const more = 2;'];
    const runs = findRepeatedRuns([
      { path: 'a.ts', text: lines.join('\n') },
      { path: 'b.ts', text: lines.join('\n') },
      { path: 'c.ts', text: ['let other;', ...lines].join('\n') },
    ]);
    expect(runs.map(formatRun)).toEqual(['a.ts:1-8 ~ b.ts:1-8 ~ c.ts:2-9 (8 lines)']);
  });

  it('compares lines with their white space folded', () => {
    const spaced = sixLines.map((line) => `    ${line.replace(/ /g, '   ')}\t`).join('\n');
    const runs = findRepeatedRuns([
      { path: 'a.ts', text: sixLines.join('\n') },
      { path: 'b.ts', text: spaced },
    ]);
    expect(runs).toHaveLength(1);
  });

  it('passes over blank lines, comments, punctuation and imports, inside a run and as a run', () => {
    const padded = [
      "import { a } from './a.ts';",
      'import {',
      '  b,',
      '  c,',
      "} from './b.ts';",
      "export { d } from './d.ts';",
      'export {',
      '  e,',
      "} from './e.ts';",
      sixLines[0],
      '',
      '// A comment that only one copy has.',
      sixLines[1],
      '/*',
      '  a block comment',
      '*/',
      sixLines[2],
      '/** One more. */',
      '  });',
      '],',
      sixLines[3],
      ' * a stray comment line',
      sixLines[4],
      '}',
      sixLines[5],
    ].join('\n');
    expect(comparedLines(padded).map((line) => line.text)).toEqual(sixLines);
    const runs = findRepeatedRuns([
      { path: 'a.ts', text: sixLines.join('\n') },
      { path: 'b.ts', text: padded },
    ]);
    expect(runs.map(formatRun)).toEqual(['a.ts:1-6 ~ b.ts:10-25 (6 lines)']);

    const noise = ["import { a } from './a.ts';", '', '// hello', '});', ']', '/* x */', "import './side-effect.css';"];
    const onlyNoise = [...noise, ...noise].join('\n');
    expect(
      findRepeatedRuns([
        { path: 'a.ts', text: onlyNoise },
        { path: 'b.ts', text: onlyNoise },
      ]),
    ).toEqual([]);
  });

  it('keeps a local re-export, a dynamic import and text that starts with the word, which are not imports', () => {
    const text = [
      'export {',
      '  a,',
      '};',
      "const lazy = import('./lazy.ts');",
      'import.meta.url;',
      'import them from Storyblok first.',
      '{/* A JSX comment',
      '    on two lines. */}',
    ].join('\n');
    expect(comparedLines(text).map((line) => line.text)).toEqual([
      'export {',
      'a,',
      "const lazy = import('./lazy.ts');",
      'import.meta.url;',
      'import them from Storyblok first.',
    ]);
  });

  it('lets five repeated lines be', () => {
    const five = sixLines.slice(0, 5).join('\n');
    expect(
      findRepeatedRuns([
        { path: 'a.ts', text: five },
        { path: 'b.ts', text: five },
      ]),
    ).toEqual([]);
  });

  it('finds a repeat within one file, but not a file repeating a short pattern of its own', () => {
    const twice = [...sixLines, 'const between = true;', ...sixLines].join('\n');
    expect(findRepeatedRuns([{ path: 'a.ts', text: twice }]).map(formatRun)).toEqual([
      'a.ts:1-6 ~ a.ts:8-13 (6 lines)',
    ]);
    const pattern = Array.from({ length: 8 }, () => 'count += 1;').join('\n');
    expect(findRepeatedRuns([{ path: 'a.ts', text: pattern }])).toEqual([]);
  });

  it('reads the checked files of the repository, without tests', () => {
    const files = readCheckedFiles(repoRoot);
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.path.startsWith('app/kit/'))).toBe(true);
    expect(files.some((file) => /\.test\.tsx?$|^app\/kit\/testing\/|^server\/src\/generated\//.test(file.path))).toBe(
      false,
    );
  });

  it('finds no repeat in the repository', () => {
    expect(checkRepository(repoRoot).runs.map(formatRun)).toEqual([]);
  });
});
