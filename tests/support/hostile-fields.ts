import { z } from 'zod';
import { routes } from '#contract/routes.ts';
import { choose, jsonOf, type VariantContext } from './hostile-request.ts';
import { jsonValues, pathValues, queryValues } from './hostile-values.ts';

/** The names of an object schema's fields, one level into nested objects: ['data', 'name']. */
function schemaFields(schema: z.ZodType | undefined, depth = 0): string[][] {
  let inner: unknown = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
    inner = inner.unwrap();
  }
  if (inner instanceof z.ZodArray) return schemaFields(inner.element as z.ZodType, depth).map((path) => ['0', ...path]);
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) => [
    [key],
    ...(depth < 1 ? schemaFields(field, depth + 1).map((path) => [key, ...path]) : []),
  ]);
}

/** The fields of a base body, for bodies whose schema says nothing of them (`z.unknown()`). */
function valueFields(value: unknown, depth = 0): string[][] {
  if (value === null || typeof value !== 'object' || depth > 1) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    [key],
    ...valueFields(child, depth + 1).map((path) => [key, ...path]),
  ]);
}

/** The body with the value at `path` replaced (or removed, for `undefined`). */
function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    if (target[key] === null || typeof target[key] !== 'object') target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  if (value === undefined) delete target[path.at(-1)!];
  else target[path.at(-1)!] = value;
  return copy;
}

/** The JSON of an object body with members added as raw text, for keys JSON.stringify would not write as sent. */
function withRawMembers(body: unknown, members: string): string | null {
  const target = Array.isArray(body) ? body[0] : body;
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return null;
  const text = JSON.stringify(target);
  const joined = text === '{}' ? `{${members}}` : `${text.slice(0, -1)},${members}}`;
  return Array.isArray(body) ? `[${[joined, ...body.slice(1).map((item) => JSON.stringify(item))].join(',')}]` : joined;
}

/** Each path parameter, query parameter and body field of the contract made hostile, one at a time. */
export function fieldVariants(context: VariantContext): void {
  paramVariants(context);
  queryVariants(context);
  bodyVariants(context);
}

function paramVariants({ routeCase, random, pick, draftFor, add }: VariantContext): void {
  for (const [, param] of routes[routeCase.route].path.matchAll(/:(\w+)/g)) {
    for (const [label, value] of choose(pathValues, random)) {
      const caller = pick();
      const draft = draftFor(caller, `params.${param}`);
      add(`params.${param} = ${label}`, caller, { ...draft, params: { ...draft.params, [param!]: value } });
    }
  }
}

function queryVariants({ routeCase, endpoint, random, pick, draftFor, add }: VariantContext): void {
  const fields = new Set([
    ...schemaFields(endpoint?.query).map((path) => path[0]!),
    ...Object.keys(routeCase.base('anonymous').query ?? {}),
  ]);
  for (const field of fields) {
    const variants: Array<[string, Array<[string, string]>]> = [
      ...choose(queryValues, random).map(([label, value]): [string, Array<[string, string]>] => [
        label,
        [[field, value]],
      ]),
      [
        'repeated',
        [
          [field, '1'],
          [field, '2'],
        ],
      ],
      ['bracket syntax', [[`${field}[a]`, '1']]],
      ['left out', []],
    ];
    for (const [label, pairs] of variants) {
      const caller = pick();
      const draft = draftFor(caller, `query.${field}`);
      add(`query.${field} = ${label}`, caller, {
        ...draft,
        query: [...draft.query.filter(([key]) => key !== field), ...pairs],
      });
    }
  }
  const extras: Array<[string, [string, string]]> = [
    ['unknown parameter', ['hostile_unknown', '1']],
    ['__proto__ parameter', ['__proto__[polluted]', 'yes']],
    ['constructor parameter', ['constructor', 'x']],
    ['malformed escape in a name', ['%C0%AF', '1']],
  ];
  for (const [label, pair] of extras) {
    const caller = pick();
    const draft = draftFor(caller);
    add(`query: ${label}`, caller, { ...draft, query: [...draft.query, pair] });
  }
}

function bodyVariants({ routeCase, endpoint, random, pick, draftFor, add }: VariantContext): void {
  const sample = routeCase.base('anonymous').body;
  if (!endpoint?.body && sample === undefined) return;
  const fields = [
    ...new Map(
      [...schemaFields(endpoint?.body), ...valueFields(sample)].map((path) => [path.join('.'), path]),
    ).values(),
  ];
  for (const path of fields) {
    const field = `body.${path.join('.')}`;
    for (const [label, value] of [...choose(jsonValues, random), ['left out', undefined] as const]) {
      const caller = pick();
      const draft = draftFor(caller, field);
      add(`${field} = ${label}`, caller, { ...draft, body: { json: withValue(jsonOf(draft), path, value) } });
    }
  }
  const first = fields.find((path) => path.length === 1)?.[0];
  const extras: Array<[string, (body: unknown) => string | null]> = [
    ['unknown field', (body) => withRawMembers(body, '"hostile_unknown":{"a":[1,2]}')],
    [
      'mass assignment',
      (body) =>
        withRawMembers(body, '"role":"owner","is_admin":true,"owner_id":"00000000-0000-0000-0000-000000000000"'),
    ],
    ['__proto__ key', (body) => withRawMembers(body, '"__proto__":{"polluted":"yes","role":"owner"}')],
    ['constructor.prototype key', (body) => withRawMembers(body, '"constructor":{"prototype":{"polluted":"yes"}}')],
    ['duplicate key, hostile last', (body) => (first ? withRawMembers(body, `"${first}":{"$gt":""}`) : null)],
    [
      'duplicate key, hostile first',
      (body) => {
        const text = JSON.stringify(body);
        return first && text.startsWith('{"') ? `{"${first}":2147483648,${text.slice(1)}` : null;
      },
    ],
  ];
  for (const [label, textOf] of extras) {
    const caller = pick();
    const draft = draftFor(caller);
    const text = textOf(jsonOf(draft));
    if (text) add(`body: ${label}`, caller, { ...draft, body: { text } });
  }
}
