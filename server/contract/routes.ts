/**
 * Every HTTP route of Polyblok, once: its method and path under the name of its contract endpoint. The endpoint
 * files add the schemas (`defineEndpoint(name, ...)`), the server binds by it and checks at start that each JSON
 * route is bound exactly once, and the browser calls by name. Zod-free, so the browser bundles it as it is.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The product API: answers `{ code, message, details? }` errors. */
export const API_BASE_PATH = '/api';
/** The GoTrue-compatible auth API that @supabase/auth-js talks to: answers GoTrue's shapes. */
export const AUTH_BASE_PATH = '/auth/v1';

export interface Route {
  /** One method, or several bound to the same handler (GoTrue routes /reauthenticate both ways). */
  method: HttpMethod | readonly [HttpMethod, ...HttpMethod[]];
  /** Express-style, with `:name` parameters, from the site's root. */
  path: string;
  /**
   * A page a browser window walks through (redirects, not JSON): it has no contract endpoint and is routed by
   * hand; the table only keeps its path.
   */
  navigation?: true;
}

export const routes = {
  getHealth: { method: 'GET', path: '/api/health' },
  getSiteInfo: { method: 'GET', path: '/api/site' },
  getMe: { method: 'GET', path: '/api/me' },
  /** The OpenAPI document of every route below, and the page that shows it to people. */
  getApiDocument: { method: 'GET', path: '/api/openapi.json' },
  showApiDocs: { method: 'GET', path: '/api/docs', navigation: true },
  /** The caller's personal API tokens, for scripts: sessions only, a token cannot manage tokens. */
  listApiTokens: { method: 'GET', path: '/api/me/api_tokens' },
  createApiToken: { method: 'POST', path: '/api/me/api_tokens' },
  revokeApiToken: { method: 'DELETE', path: '/api/me/api_tokens/:tokenId' },

  listAvailableSpaces: { method: 'POST', path: '/api/spaces/available' },
  createSpace: { method: 'POST', path: '/api/spaces/create' },
  startSync: { method: 'POST', path: '/api/spaces/:id/sync' },
  getSyncStatus: { method: 'GET', path: '/api/spaces/:id/sync_status' },
  replaceSpaceToken: { method: 'POST', path: '/api/spaces/:id/update_token' },
  getSpaceSettings: { method: 'GET', path: '/api/spaces/:id/settings' },
  getAuditLog: { method: 'GET', path: '/api/spaces/:id/audit_log' },
  /** Each language's completion over time and the words translated per day (the Languages page's charts). */
  getLanguageProgress: { method: 'GET', path: '/api/spaces/:id/language_progress' },
  /** The completion of each of the caller's spaces over the last days (the spaces list's trends). */
  getSpacesTrend: { method: 'GET', path: '/api/spaces_trend' },
  updateSpaceSettings: { method: 'POST', path: '/api/spaces/:id/settings' },
  deleteSpace: { method: 'DELETE', path: '/api/spaces/:id' },
  getWebhookSettings: { method: 'GET', path: '/api/spaces/:id/webhook' },
  listSpaceHooks: { method: 'GET', path: '/api/spaces/:id/hooks' },
  createSpaceHook: { method: 'POST', path: '/api/spaces/:id/hooks' },
  updateSpaceHook: { method: 'PUT', path: '/api/spaces/:id/hooks/:hookId' },
  deleteSpaceHook: { method: 'DELETE', path: '/api/spaces/:id/hooks/:hookId' },
  listHookDeliveries: { method: 'GET', path: '/api/spaces/:id/hooks/:hookId/deliveries' },
  sendHookTestEvent: { method: 'POST', path: '/api/spaces/:id/hooks/:hookId/test' },
  startCheckout: { method: 'POST', path: '/api/spaces/:id/subscription/checkout' },
  openBillingPortal: { method: 'GET', path: '/api/spaces/:id/subscription/portal' },

  /** Which datasource dimension holds each language's entries. */
  getDatasourceMapping: { method: 'GET', path: '/api/spaces/:id/datasource_dimensions' },
  setDatasourceDimension: { method: 'POST', path: '/api/spaces/:id/datasource_dimensions' },
  addLanguage: { method: 'POST', path: '/api/spaces/:id/add_language' },
  editLanguage: { method: 'POST', path: '/api/spaces/:id/edit_language' },
  deleteLanguage: { method: 'POST', path: '/api/spaces/:id/delete_language' },

  inviteUser: { method: 'POST', path: '/api/spaces/:id/invite_user' },
  acceptInvite: { method: 'POST', path: '/api/spaces/:id/accept_invite' },
  declineInvite: { method: 'POST', path: '/api/spaces/:id/decline_invite' },
  revokeUser: { method: 'POST', path: '/api/spaces/:id/revoke_user' },
  approveRequest: { method: 'POST', path: '/api/spaces/:id/approve_user' },
  changeRole: { method: 'POST', path: '/api/spaces/:id/change_role' },

  listGlossaryTerms: { method: 'GET', path: '/api/spaces/:id/glossary_terms' },
  createGlossaryTerm: { method: 'POST', path: '/api/spaces/:id/glossary_terms' },
  updateGlossaryTerm: { method: 'PUT', path: '/api/spaces/:id/glossary_terms/:termId' },
  deleteGlossaryTerm: { method: 'DELETE', path: '/api/spaces/:id/glossary_terms/:termId' },
  getStyleGuide: { method: 'GET', path: '/api/spaces/:id/style_guide' },
  updateStyleGuide: { method: 'PUT', path: '/api/spaces/:id/style_guide' },
  /** An XLIFF 2.0 file of a language's keys for an agency; the import reads one back. */
  exportXliff: { method: 'GET', path: '/api/spaces/:id/xliff' },
  importXliff: { method: 'POST', path: '/api/spaces/:id/xliff' },
  getReadiness: { method: 'GET', path: '/api/spaces/:id/readiness' },

  getRootFolder: { method: 'GET', path: '/api/content/folder' },
  getFolder: { method: 'GET', path: '/api/content/folder/:folderId' },
  getStory: { method: 'GET', path: '/api/content/story/:storyId' },
  markStoryOpen: { method: 'PUT', path: '/api/content/story/:storyId/presence' },
  retryWriteBack: { method: 'POST', path: '/api/content/story/:storyId/retry_write_back' },
  getAssociatedKeys: { method: 'GET', path: '/api/content/associated_keys' },
  searchContent: { method: 'GET', path: '/api/content/search' },
  saveTranslation: { method: 'POST', path: '/api/content/save_translation' },
  markAsVerified: { method: 'POST', path: '/api/content/mark_as_verified' },
  markAsUnverified: { method: 'POST', path: '/api/content/mark_as_unverified' },
  applyToAssociated: { method: 'POST', path: '/api/content/apply_to_associated' },
  getKeyHistory: { method: 'GET', path: '/api/content/history' },
  revertTranslation: { method: 'POST', path: '/api/content/revert' },
  createTranslationAsks: { method: 'POST', path: '/api/content/translation_asks' },
  publishStory: { method: 'POST', path: '/api/content/publish' },
  aiTranslate: { method: 'POST', path: '/api/content/ai_translate' },
  translateFolder: { method: 'POST', path: '/api/content/translate_folder' },
  getTranslationBatch: { method: 'GET', path: '/api/content/batches/:batchId' },
  cancelTranslationBatch: { method: 'POST', path: '/api/content/batches/:batchId/cancel' },

  receiveStoryblokWebhook: { method: 'POST', path: '/api/webhooks/storyblok' },
  receiveStripeWebhook: { method: 'POST', path: '/api/stripe/webhook' },

  getPanelConfig: { method: 'GET', path: '/api/connect/panel_config' },
  exchangePanelCode: { method: 'POST', path: '/api/connect/session' },
  getPanelStory: { method: 'GET', path: '/api/spaces/:id/storyblok_stories/:storyblokStoryId' },
  syncPanelStory: { method: 'POST', path: '/api/spaces/:id/storyblok_stories/:storyblokStoryId/sync' },
  /** The Storyblok app install, in a popup or the panel's frame: the OAuth library's start and callback. */
  startStoryblokInstall: { method: 'GET', path: '/api/connect/storyblok', navigation: true },
  storyblokInstallCallback: { method: 'GET', path: '/api/connect/callback', navigation: true },
  /** Where the library sends the browser after its callback, on success and on failure. */
  completeStoryblokInstall: { method: 'GET', path: '/api/connect/complete', navigation: true },
  failStoryblokInstall: { method: 'GET', path: '/api/connect/failed', navigation: true },

  signUp: { method: 'POST', path: '/auth/v1/signup' },
  /** Password sign-in and refresh, told apart by `?grant_type=`. */
  grantToken: { method: 'POST', path: '/auth/v1/token' },
  /** The link of an e-mail: answers a redirect to the site, with the session (or the error) in the fragment. */
  openEmailLink: { method: 'GET', path: '/auth/v1/verify' },
  verifyOtp: { method: 'POST', path: '/auth/v1/verify' },
  recoverPassword: { method: 'POST', path: '/auth/v1/recover' },
  resendEmail: { method: 'POST', path: '/auth/v1/resend' },
  signOut: { method: 'POST', path: '/auth/v1/logout' },
  getUser: { method: 'GET', path: '/auth/v1/user' },
  updateUser: { method: 'PUT', path: '/auth/v1/user' },
  /** auth-js calls GET, as GoTrue routes it; POST is accepted too. */
  reauthenticate: { method: ['GET', 'POST'], path: '/auth/v1/reauthenticate' },
  enrollFactor: { method: 'POST', path: '/auth/v1/factors' },
  challengeFactor: { method: 'POST', path: '/auth/v1/factors/:id/challenge' },
  verifyFactor: { method: 'POST', path: '/auth/v1/factors/:id/verify' },
  unenrollFactor: { method: 'DELETE', path: '/auth/v1/factors/:id' },
} as const satisfies Record<string, Route>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** The routes that answer JSON through a contract endpoint (everything but the navigations). */
export type JsonRouteName = {
  [N in RouteName]: Routes[N] extends { navigation: true } ? never : N;
}[RouteName];

/** The routes of the product API under /api that answer JSON: what the kit's API client calls. */
export type ApiRouteName = {
  [N in JsonRouteName]: Routes[N]['path'] extends `${typeof API_BASE_PATH}/${string}` ? N : never;
}[JsonRouteName];

/** The `:name` parameters of a path, as a union of names. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

export const routeNames = Object.keys(routes) as RouteName[];

/** The methods a route is bound for (most have one). */
export function methodsOf(route: Pick<Route, 'method'>): readonly HttpMethod[] {
  return typeof route.method === 'string' ? [route.method] : route.method;
}

/** `GET /api/me`, as errors and logs name a route. */
export function describeRoute(route: Pick<Route, 'method' | 'path'>): string {
  return `${methodsOf(route).join('|')} ${route.path}`;
}

/** Fills `:name` segments of a path; each value is URI-encoded so an id can never add a segment. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=x&b=y` from an object; undefined and null values are left out, arrays repeat the name. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What `routeUrl` takes: the path's params (required when it has some), a query, and an origin to put first. */
export type RouteUrlInput<P extends string> = ([PathParamName<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamName<P>, string | number> }) & {
  query?: Record<string, QueryValue>;
  origin?: string;
};

/** The URL of a route of the table: its path with the params filled, then the query (and the origin first). */
export function routeUrl<N extends RouteName>(
  name: N,
  ...[input]: [PathParamName<Routes[N]['path']>] extends [never]
    ? [input?: RouteUrlInput<Routes[N]['path']>]
    : [input: RouteUrlInput<Routes[N]['path']>]
): string {
  const path = buildPath(routes[name].path, input?.params as Record<string, string | number> | undefined);
  return `${input?.origin ?? ''}${path}${queryString(input?.query)}`;
}
