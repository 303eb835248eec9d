export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Above this many token pairs the middle of two texts is shown as replaced, not aligned word by word. */
const MAX_CELLS = 250_000;

const tokenize = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  if (text === '') return;
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/**
 * A word diff of two texts (longest common subsequence of words and spaces): what was removed from `before`
 * and added in `after`, for showing how a source changed since its translation was verified.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    push(parts, 'removed', midA.join(''));
    push(parts, 'added', midB.join(''));
  } else {
    // lengths[i][j]: the common subsequence length of midA[i..] and midB[j..].
    const lengths = Array.from({ length: midA.length + 1 }, () => new Uint32Array(midB.length + 1));
    for (let i = midA.length - 1; i >= 0; i -= 1) {
      for (let j = midB.length - 1; j >= 0; j -= 1) {
        lengths[i]![j] =
          midA[i] === midB[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length && j < midB.length) {
      if (midA[i] === midB[j]) {
        push(parts, 'same', midA[i]!);
        i += 1;
        j += 1;
      } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) {
        push(parts, 'removed', midA[i]!);
        i += 1;
      } else {
        push(parts, 'added', midB[j]!);
        j += 1;
      }
    }
    push(parts, 'removed', midA.slice(i).join(''));
    push(parts, 'added', midB.slice(j).join(''));
  }
  push(parts, 'same', a.slice(endA).join(''));
  return parts;
}
