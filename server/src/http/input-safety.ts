import type { ErrorDetail } from '#contract/errors.ts';

/** Deeper JSON than this is refused: recursive code (JSON.stringify, tree walkers) would overflow the stack. */
export const MAX_INPUT_DEPTH = 64;

/**
 * Finds what no schema should have to think about: nesting past the limit, NUL characters (PostgreSQL
 * refuses them in text and jsonb) and lone surrogates (silently corrupted into U+FFFD on the way to text).
 * Walks with an explicit stack, so hostile depth cannot overflow it.
 */
export function findUnsafeInput(root: unknown, prefix: string, maxDepth = MAX_INPUT_DEPTH): ErrorDetail | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: prefix, depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path, message: problem };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { path, message: `Nesting deeper than ${maxDepth} levels is not accepted` };
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, child] of entries) {
      const childPath = `${path}.${String(key)}`;
      if (typeof key === 'string') {
        const problem = textProblem(key);
        if (problem) return { path: childPath, message: `Field name: ${problem}` };
      }
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Text must not contain NUL characters';
  if (!text.isWellFormed()) return 'Text must be valid Unicode (it contains a lone surrogate)';
  return null;
}
