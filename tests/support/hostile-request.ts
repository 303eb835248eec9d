import type { Endpoint } from '#contract/endpoint.ts';
import type { Role } from '#contract/roles.ts';
import type { RouteName } from '#contract/routes.ts';
import type { Random } from '#tests/fakes/storyblok/random.ts';
import type { Labelled, ValueList } from './hostile-values.ts';
import type { RawRequest } from './raw-http.ts';

export type Caller = 'anonymous' | Role | 'outsider';

/** A request as the contract describes it: values, not yet written into a path, a query or a body. */
export interface BaseRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One route of the table, with a request the corpus varies. */
export interface RouteCase {
  route: RouteName;
  /** Told apart when a route has several cases (the password and the refresh grant). */
  name?: string;
  /** Answers without a session: a real token is sent along, but nothing asks for it. */
  public?: true;
  /**
   * What its request gets from this caller: the handler's answer (or its refusal of a key or an address), or the
   * role check's where those who may act name a space that does not exist. The variants of a request are only
   * worth something if the request itself gets past sign-in and validation.
   */
  answer: [caller: Caller, status: number];
  /**
   * A request that passes validation and is then refused deeper (a key that does not exist, an address that is
   * taken), or only reads. Its variants, one part made hostile at a time, can change nothing.
   */
  base(caller: Caller): BaseRequest;
  /**
   * For variants of these fields ('body.global', 'query.scope'): a request refused by another of its parts. Their
   * value is what makes `base` refused, so a variant of them (left out, null) could make it valid.
   */
  refusedElsewhere?: { fields: string[]; base(caller: Caller): BaseRequest };
}

export interface HostileRequest extends RawRequest {
  label: string;
  /** The case's name: its route's, or its own when the route has several. */
  route: string;
  caller: Caller;
}

/** A request on its way to bytes: path and query values already written (escaped, or raw on purpose). */
export interface Draft {
  params: Record<string, string>;
  query: Array<[string, string]>;
  body: { json: unknown } | { text: string } | { bytes: Buffer } | undefined;
  headers: Record<string, string>;
  /** JSON when there is a body, unless said otherwise; null sends none. */
  contentType?: string | null;
}

export interface CorpusOptions {
  seed: string;
  callers: readonly Caller[];
  /** The largest body the route takes, in bytes. */
  bodyLimit(route: RouteName): number;
}

export type AddVariant = (
  label: string,
  caller: Caller,
  draft: Draft,
  overrides?: { method?: string; path?: string },
) => void;

/** What the generators of variants work with, for one case. */
export interface VariantContext {
  routeCase: RouteCase;
  endpoint: Endpoint | undefined;
  options: CorpusOptions;
  random: Random;
  /** A caller the seed picks. */
  pick(): Caller;
  /** The case's request as the caller sends it; the one refused elsewhere for a variant of such a field. */
  draftFor(caller: Caller, field?: string): Draft;
  add: AddVariant;
}

const escape = (value: string | number) => encodeURIComponent(String(value));

export function draftOf(base: BaseRequest): Draft {
  // A route that reads a document of its own (an XLIFF file) names its media type: the body goes as text.
  const { 'content-type': contentType, ...headers } = base.headers ?? {};
  const asText = contentType !== undefined && typeof base.body === 'string';
  return {
    params: Object.fromEntries(Object.entries(base.params ?? {}).map(([name, value]) => [name, escape(value)])),
    query: Object.entries(base.query ?? {}).map(([name, value]) => [name, escape(value)]),
    body: base.body === undefined ? undefined : asText ? { text: base.body as string } : { json: base.body },
    headers: asText ? headers : { ...base.headers },
    ...(asText ? { contentType } : {}),
  };
}

/** The JSON value of a draft's body ({} when it has none, or only bytes). */
export function jsonOf(draft: Draft): unknown {
  return draft.body && 'json' in draft.body ? draft.body.json : {};
}

/** Every value a field always gets, and a seeded third of the others. */
export function choose<T>(list: ValueList<T>, random: Random): Array<Labelled<T>> {
  return [...list.always, ...list.sometimes.filter(() => random.chance(1 / 3))];
}

/** The bytes of a draft: the path's parameters filled in as written, a JSON content type unless one is given. */
export function render(pattern: string, method: string, draft: Draft, rawPath?: string): RawRequest {
  const path =
    rawPath ??
    pattern.replace(/:(\w+)/g, (_, name: string) => draft.params[name] ?? '') +
      (draft.query.length ? `?${draft.query.map(([name, value]) => `${name}=${value}`).join('&')}` : '');
  const headers = { ...draft.headers };
  let body: Buffer | undefined;
  if (draft.body) {
    body =
      'bytes' in draft.body
        ? draft.body.bytes
        : Buffer.from('text' in draft.body ? draft.body.text : JSON.stringify(draft.body.json));
  }
  const contentType = draft.contentType === undefined ? (body ? 'application/json' : null) : draft.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  return { method, path, headers, body };
}
