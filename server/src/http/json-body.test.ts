import { describe, expect, it } from 'vitest';
import { bodyProblemOf } from './json-body.ts';

/** body-parser's errors as it raises them (http-errors: a status, and a type for those of its own). */
const parserError = (status: number, type?: string) => Object.assign(new Error('refused'), { status, type });

describe('bodyProblemOf', () => {
  it.each([
    ['entity.parse.failed', 400, 'unparsable'],
    ['entity.too.large', 413, 'too_large'],
    ['encoding.unsupported', 415, 'unsupported_encoding'],
    ['charset.unsupported', 415, 'unsupported_charset'],
    ['request.aborted', 400, 'incomplete'],
    ['request.size.invalid', 400, 'incomplete'],
  ])('reads %s as %s', (type, status, problem) => {
    expect(bodyProblemOf(parserError(status, type))).toBe(problem);
  });

  it('reads a decompression failure (a 400 without a type) as a body that does not decode', () => {
    const zlib = Object.assign(parserError(400), { code: 'Z_DATA_ERROR', errno: -3 });
    expect(bodyProblemOf(zlib)).toBe('undecodable');
  });

  it('leaves a failure of the server’s own alone', () => {
    expect(bodyProblemOf(parserError(500, 'stream.encoding.set'))).toBeNull();
    expect(bodyProblemOf(new Error('boom'))).toBeNull();
    expect(bodyProblemOf(null)).toBeNull();
  });
});
