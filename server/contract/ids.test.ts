import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  idSchema,
  MAX_ID,
  paginationQuerySchema,
  storyblokIdSchema,
  urlIdSchema,
  urlStoryblokIdSchema,
} from './ids.ts';

describe('an id in a JSON body', () => {
  it('is a JSON integer from 1 to the largest int', () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(MAX_ID)).toBe(MAX_ID);
  });

  it.each([
    ['2^31', 2 ** 31],
    ['zero', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['true', true],
    ['false', false],
    ['"1"', '1'],
    ['[1]', [1]],
    ['{}', {}],
    ['null', null],
    ['1e300', 1e300],
  ])('refuses %s', (_label, value) => {
    const result = idSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`Must be an id: a whole number from 1 to ${MAX_ID}`);
  });

  it('takes Storyblok ids past the int range, up to exact JSON numbers', () => {
    expect(storyblokIdSchema.parse(2 ** 31)).toBe(2 ** 31);
    expect(storyblokIdSchema.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(storyblokIdSchema.safeParse(2 ** 53).success).toBe(false);
    expect(storyblokIdSchema.safeParse('12').success).toBe(false);
  });
});

describe('an id in a path or a query string', () => {
  it('is canonical decimal digits, read as a number', () => {
    expect(urlIdSchema.parse('1')).toBe(1);
    expect(urlIdSchema.parse(String(MAX_ID))).toBe(MAX_ID);
    expect(urlIdSchema.parse(42)).toBe(42);
  });

  it.each(['2147483648', '99999999999999999999', '0', '-1', '1.5', '1e3', ' 1', '1 ', '0x10', '+1', '01', '', 'true'])(
    'refuses "%s"',
    (value) => {
      expect(urlIdSchema.safeParse(value).success).toBe(false);
    },
  );

  it.each([[['1', '2']], [true], [null], [undefined], [{}], [1.5]])('refuses %j', (value) => {
    expect(urlIdSchema.safeParse(value).success).toBe(false);
  });

  it('takes Storyblok ids up to exact JSON numbers', () => {
    expect(urlStoryblokIdSchema.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(urlStoryblokIdSchema.safeParse('9007199254740992').success).toBe(false);
    expect(urlStoryblokIdSchema.safeParse('99999999999999999').success).toBe(false);
  });

  it('names the field it refuses', () => {
    const result = z.object({ id: urlIdSchema }).safeParse({ id: '1e3' });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['id']]);
  });
});

describe('pagination', () => {
  it('defaults to the first page of ten', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, per_page: 10 });
    expect(paginationQuerySchema.parse({ page: '3', per_page: '100' })).toEqual({ page: 3, per_page: 100 });
  });

  it.each([{ page: '0' }, { page: '1000001' }, { page: '2.5' }, { per_page: '101' }, { per_page: '-5' }])(
    'refuses %j',
    (query) => {
      expect(paginationQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});
