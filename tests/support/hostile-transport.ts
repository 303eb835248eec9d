import { gzipSync } from 'node:zlib';
import { AUTH_BASE_PATH, routes } from '#contract/routes.ts';
import { choose, jsonOf, render, type VariantContext } from './hostile-request.ts';
import { authorizations, bodyTexts, contentEncodings, contentTypes } from './hostile-values.ts';

/** Requests that go wrong before any field is read: the body's bytes and type, the address, the headers. */
export function transportVariants(context: VariantContext): void {
  const { routeCase, endpoint, options, random, pick, draftFor, add } = context;
  const route = routes[routeCase.route];
  // The auth API reads a body on every route; the product API where the endpoint declares one.
  if (endpoint?.body !== undefined || route.path.startsWith(`${AUTH_BASE_PATH}/`)) {
    for (const [label, text] of choose(bodyTexts, random)) {
      const caller = pick();
      add(`body is ${label}`, caller, { ...draftFor(caller), body: { text } });
    }
    for (const [label, type] of choose(contentTypes, random)) {
      const caller = pick();
      const draft = draftFor(caller);
      add(`content type: ${label}`, caller, { ...draft, body: draft.body ?? { json: {} }, contentType: type });
    }
    const limit = options.bodyLimit(routeCase.route);
    const bomb = gzipSync(Buffer.from(`{"a":"${'x'.repeat(limit + 1024)}"}`));
    const encoded: Array<[string, string, (json: string) => Buffer]> = [
      ...contentEncodings.map(([label, encoding]): [string, string, (json: string) => Buffer] => [
        label,
        encoding,
        (json) => Buffer.from(json),
      ]),
      ['truncated gzip', 'gzip', (json) => gzipSync(Buffer.from(json)).subarray(0, 12)],
      ['gzip that inflates past the limit', 'gzip', () => bomb],
      ['gzip of the request', 'gzip', (json) => gzipSync(Buffer.from(json))],
    ];
    for (const [label, encoding, bytesOf] of encoded) {
      const caller = pick();
      const draft = draftFor(caller);
      add(`content encoding: ${label}`, caller, {
        ...draft,
        body: { bytes: bytesOf(JSON.stringify(jsonOf(draft))) },
        headers: { ...draft.headers, 'content-encoding': encoding },
      });
    }
    const caller = pick();
    add('body past the limit', caller, { ...draftFor(caller), body: { text: `{"a":"${'x'.repeat(limit + 1)}"}` } });
  }

  const addresses: Array<[string, (path: string, query: string) => string]> = [
    ['malformed escape appended to the path', (path, query) => `${path}%C0%AF${query}`],
    ['lone percent in the query', (path, query) => `${path}${query || '?'}&a=%`],
    ['dot segments', (path, query) => `${path}/../../../etc/passwd${query}`],
    ['doubled slashes', (path, query) => `${path.replaceAll('/', '//')}${query}`],
    ['8,000-character query', (path, query) => `${path}${query || '?'}&a=${'b'.repeat(8000)}`],
  ];
  for (const [label, addressOf] of addresses) {
    const caller = pick();
    const draft = draftFor(caller);
    const [path, query] = render(route.path, 'GET', draft).path.split(/(?=\?)/) as [string, string | undefined];
    add(label, caller, draft, { path: addressOf(path, query ?? '') });
  }
  const caller = pick();
  add('unbound method', caller, draftFor(caller), { method: 'PATCH' });
  if (!routeCase.public) {
    for (const [label, authorization] of authorizations) {
      const draft = draftFor('anonymous');
      add(`authorization: ${label}`, 'anonymous', { ...draft, headers: { ...draft.headers, authorization } });
    }
  }
}
