/**
 * Every choice the fake makes where the reference (shared/reference/storyblok.md) marks Storyblok's real
 * behaviour [UNCONFIRMED] lives here, so a test can flip one and a later check against a real space has one
 * place to correct. Each default is the most plausible reading of the docs, SDK sources and connector code.
 */
export interface FakeStoryblokBehaviour {
  /**
   * Status for a space the token exists for but may not see (a PAT without that space, an OAuth token of
   * another space). The docs list both 403 "Insufficient permissions" and 404; 404 hides the space's existence,
   * which is what a token scoped to other spaces most plausibly gets. [UNCONFIRMED]
   */
  hiddenSpaceStatus: 403 | 404;
  /** `PUT /v1/spaces/:id` with `languages`: replace the list (reference §1.6 "assume replace"). [UNCONFIRMED] */
  languagesUpdate: 'replace' | 'merge';
  /**
   * What a story write does with `<field>__i18n__<code>` keys for a code the space does not have, or on a field
   * components.json does not mark `translatable`. 'keep' stores them as written: the product must never rely on
   * Storyblok dropping them, and a kept key shows up in tests that read the story back. 'drop' removes them the
   * way the docs FAQ suggests for imports. [UNCONFIRMED]
   */
  i18nWrites: 'keep' | 'drop';
  /** CDN without `language`: false strips `__i18n__` keys like a resolved default-language read. [UNCONFIRMED] */
  cdnKeepsI18nKeysWithoutLanguage: boolean;
  /** CDN with `language=de`: `full_slug` becomes `de/<slug>` and `default_full_slug` keeps the plain one. [UNCONFIRMED] */
  cdnLanguagePrefixesFullSlug: boolean;
  /** CDN published read without `cv`: 301 to the same URL with the latest `cv` (Storyblok FAQ on caching). */
  redirectPublishedWithoutCv: boolean;
  /** Sort of `GET /v1/spaces/:id/stories` without `sort_by`. [UNCONFIRMED] */
  mapiDefaultSort: string;
  /** Sort of `GET /v2/cdn/stories` without `sort_by`. [UNCONFIRMED] */
  cdnDefaultSort: string;
  /** Lifetime of an OAuth access token in seconds. [UNCONFIRMED] */
  oauthAccessTokenTtlSeconds: number;
  /**
   * Whether the refresh grant returns a new refresh token. @storyblok/app-extension-auth keeps the old one after
   * a refresh, so Storyblok evidently does not rotate it. [inferred]
   */
  oauthRotatesRefreshToken: boolean;
  /** 429 answers carry `Retry-After` (seconds). The reference lists it as not documented. [UNCONFIRMED] */
  retryAfterHeader: boolean;
  /**
   * JSON bodies of error answers. Storyblok's exact texts beyond the 404 and 429 ones are [UNCONFIRMED]. A null
   * `tooManyRequests` answers Storyblok's own text, which names the token's limit (reference §9, monoblok#269).
   */
  errorBodies: {
    unauthorized: unknown;
    forbidden: unknown;
    notFound: unknown;
    tooManyRequests: unknown;
    serverError: unknown;
  };
  /** `unpublished_changes` of a story right after `GET …/unpublish`. [UNCONFIRMED] */
  unpublishClearsUnpublishedChanges: boolean;
  /**
   * A publish naming `lang` in a space without "Publish translations individually": 'whole_story' publishes
   * every language as a publish without `lang` does (the docs only say `lang` needs the setting); 'refuse'
   * answers 422. [UNCONFIRMED]
   */
  langPublishWithoutSetting: 'whole_story' | 'refuse';
}

export const defaultBehaviour: FakeStoryblokBehaviour = {
  hiddenSpaceStatus: 404,
  languagesUpdate: 'replace',
  i18nWrites: 'keep',
  cdnKeepsI18nKeysWithoutLanguage: false,
  cdnLanguagePrefixesFullSlug: true,
  redirectPublishedWithoutCv: true,
  mapiDefaultSort: 'created_at:desc',
  cdnDefaultSort: 'position:asc',
  oauthAccessTokenTtlSeconds: 3600,
  oauthRotatesRefreshToken: false,
  retryAfterHeader: true,
  errorBodies: {
    unauthorized: { error: 'Unauthorized' },
    forbidden: { error: 'Forbidden' },
    // The one error text the SDK and community reports agree on; js-client reads arrays as [message].
    notFound: ['This record could not be found'],
    tooManyRequests: null,
    serverError: { error: 'Internal Server Error' },
  },
  unpublishClearsUnpublishedChanges: false,
  langPublishWithoutSetting: 'whole_story',
};

export function resolveBehaviour(overrides: Partial<FakeStoryblokBehaviour> = {}): FakeStoryblokBehaviour {
  return {
    ...defaultBehaviour,
    ...overrides,
    errorBodies: { ...defaultBehaviour.errorBodies, ...overrides.errorBodies },
  };
}
