/**
 * What a hostile client puts where a well-behaved one puts a value: each one labelled, so a failure names it.
 * The lists hold no valid id of the test's rows: a variant of a request must never turn into a valid one that
 * acts on something (path ids are never bare small numbers, "01" included, which some parsers read as 1).
 */

export type Labelled<T> = readonly [label: string, value: T];

/**
 * Values every field gets, and values a seeded third of the fields get: the corpus stays near a minute on the
 * embedded database, and each seed still tries every value somewhere.
 */
export interface ValueList<T> {
  always: ReadonlyArray<Labelled<T>>;
  sometimes: ReadonlyArray<Labelled<T>>;
}

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

/** Any field of a JSON body. */
export const jsonValues: ValueList<unknown> = {
  always: [
    ['2^31', 2 ** 31],
    ['-1', -1],
    ['0', 0],
    ['1.5', 1.5],
    ['true', true],
    ['"1"', '1'],
    ['empty string', ''],
    ['empty array', []],
    ['empty object', {}],
    ['null', null],
    ['NUL character', 'a\u0000b'],
    ['lone high surrogate', 'x\ud800'],
    ['10,000 characters', 'x'.repeat(10_000)],
  ],
  sometimes: [
    ['2^31 - 1 (no such row)', 2 ** 31 - 1],
    ['2^53', 2 ** 53],
    ['2^63', 2 ** 63],
    ['-2^31 - 1', -(2 ** 31) - 1],
    ['1e308', 1e308],
    ['false', false],
    ['"2147483648"', '2147483648'],
    ['blank string', '   '],
    ['[2^31]', [2 ** 31]],
    ['[0, -1]', [0, -1]],
    ['["a", null]', ['a', null]],
    ['{"id": 1}', { id: 1 }],
    ['lone low surrogate', '\udc00y'],
    ['30,000 two-byte characters', 'é'.repeat(30_000)],
    ['path traversal', '../../etc/passwd'],
    ['malformed escape', '%C0%AF'],
    ['markup', '<script>alert(1)</script>'],
    ['SQL', "' OR 1=1; DROP TABLE users; --"],
    ['bidi override', '\u202egnp.exe'],
    ['emoji sequence', '👩‍👩‍👧'],
    ['number in words', '1e3'],
    ['hexadecimal', '0x10'],
    ['nil uuid', '00000000-0000-0000-0000-000000000000'],
    ['not a uuid', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'],
    ['"__proto__"', '__proto__'],
    ['30 levels deep', nested(30)],
    ['5,000 items', Array.from({ length: 5000 }, (_, index) => -index)],
  ],
};

/** Any path parameter: inserted as it is, so the malformed escapes reach the server raw. */
export const pathValues: ValueList<string> = {
  always: [
    ['2^31', '2147483648'],
    ['2^31 - 1 (no such row)', '2147483647'],
    ['0', '0'],
    ['-1', '-1'],
    ['1.5', '1.5'],
    ['1e3', '1e3'],
    ['leading space', '%201'],
    ['hexadecimal', '0x10'],
    ['plus sign', '+1'],
    ['leading zero', '01'],
    ['true', 'true'],
    ['overlong slash', '%C0%AF'],
    ['lone percent', '%'],
    ['encoded traversal', '..%2F..%2Fetc'],
    ['not a uuid', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'],
  ],
  sometimes: [
    ['2^63', '9223372036854775808'],
    ['twenty digits', '99999999999999999999'],
    ['trailing space', '1%20'],
    ['null', 'null'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['brackets', '%5B%5D'],
    ['bad escape', '%zz'],
    ['truncated escape', '%E2%82'],
    ['encoded NUL', '%00'],
    ['dot dot', '%2e%2e'],
    ['emoji', '%F0%9F%98%80'],
    ['lone surrogate escape', '%ED%A0%80'],
    ['2,000 characters', 'a'.repeat(2000)],
    ['nil uuid', '00000000-0000-0000-0000-000000000000'],
    ['uuid without hyphens', '0123456789abcdef0123456789abcdef'],
    ['uuid in braces', '%7B01234567-89ab-4def-8123-456789abcdef%7D'],
  ],
};

/** Any query value: the same, plus the shapes only a query string has (repeated names, bracket syntax). */
export const queryValues: ValueList<string> = {
  always: [...pathValues.always, ['empty', ''], ['NUL in text', 'de%00x']],
  sometimes: [
    ...pathValues.sometimes,
    ['plus as space', '+'],
    ['ampersand', '%26x%3D1'],
    ['lone surrogate in text', 'de%ED%A0%80'],
  ],
};

/** Bodies that are not the JSON the route takes, whatever its fields. */
export const bodyTexts: ValueList<string> = {
  always: [
    ['truncated JSON', '{"a": 1'],
    ['byte-order mark', '\ufeff{}'],
    ['JSON array', '[]'],
    ['empty', ''],
    ['lone surrogate escape', '{"a": "\\udfff"}'],
    ['50,000 levels of arrays', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
  ],
  sometimes: [
    ['trailing comma', '{"a": 1,}'],
    ['single quotes', "{'a': 1}"],
    ['bare word', 'nul'],
    ['JSON string', '"text"'],
    ['JSON number', '12'],
    ['JSON true', 'true'],
    ['JSON null', 'null'],
    ['NaN', '{"a": NaN}'],
    ['comment', '{"a": 1 /* x */}'],
    ['NUL escape in a key', '{"a\\u0000": 1}'],
    ['200 levels of objects', `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`],
  ],
};

/** Content types a JSON route must refuse (or read as JSON only when they are JSON). */
export const contentTypes: ValueList<string | null> = {
  always: [
    ['no content type', null],
    ['text/plain', 'text/plain'],
    ['form', 'application/x-www-form-urlencoded'],
    ['latin1 JSON', 'application/json; charset=latin1'],
  ],
  sometimes: [
    ['multipart', 'multipart/form-data; boundary=x'],
    ['UTF-16 JSON', 'application/json; charset=utf-16'],
    ['unknown charset', 'application/json; charset=klingon'],
    ['charset without a value', 'application/json; charset'],
    ['doubled semicolon', 'application/json;;'],
    ['JSON-like', 'application/jsonx'],
    ['any', '*/*'],
    ['empty', ''],
  ],
};

/** Content encodings, applied to the route's own body: undecodable, unknown, or a bomb. */
export const contentEncodings: ReadonlyArray<Labelled<string>> = [
  ['gzip that is not', 'gzip'],
  ['deflate that is not', 'deflate'],
  ['br that is not', 'br'],
  ['unknown', 'compress'],
  ['two encodings', 'gzip, br'],
  ['empty', ''],
];

/** Authorization headers that are not a session. */
export const authorizations: ReadonlyArray<Labelled<string>> = [
  ['Bearer without a token', 'Bearer'],
  ['three dots', 'Bearer a.b.c'],
  ['alg none', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'],
  ['Basic', 'Basic dXNlcjpwYXNz'],
  ['8,000 characters', `Bearer ${'a'.repeat(8000)}`],
];
