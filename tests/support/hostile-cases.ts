import { MAX_ID } from '#contract/ids.ts';
import { hasRole, type Role } from '#contract/roles.ts';
import { authCases } from './hostile-auth-cases.ts';
import type { Caller, RouteCase } from './hostile-request.ts';

/** The rows of the corpus's space that requests point at, and the members' addresses. */
export interface CorpusIds {
  spaceId: number;
  localeId: number;
  storyId: number;
  folderId: number;
  batchId: string;
  storyblokSpaceId: number;
  storyblokStoryId: number;
  key: string;
  emailOf(caller: Caller): string;
}

/** Well-formed ids that name nothing: a request with one of them is refused after validation. */
export const MISSING_ID = MAX_ID;
export const MISSING_UUID = '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab';
const NOT_A_TOKEN = 'hostile-not-a-token';
const NO_SUCH_KEY = 'hostile:missing:key';

/** Whether the caller holds at least the role in the corpus's space. */
function mayAct(caller: Caller, least: Role): boolean {
  return caller !== 'anonymous' && caller !== 'outsider' && hasRole(caller, least);
}

/**
 * A case per route of the table, each with a request that passes validation and is then refused where the
 * handler looks (a key that is not there, an address already in the space, a token Storyblok refuses) or only
 * reads. Where nothing but the caller's role stands between a valid request and a change (start a sync, delete
 * the space), those who may act name a space that does not exist, and the case's answer is the role check's.
 */
export function hostileCases(ids: CorpusIds): RouteCase[] {
  const inSpace = { params: { id: ids.spaceId } };
  const spaceFor = (caller: Caller, least: Role) => (mayAct(caller, least) ? MISSING_ID : ids.spaceId);
  const keyRef = { key: NO_SUCH_KEY, story_id: ids.storyId, space_locale_id: ids.localeId };
  const glossaryTerm = (localeIds: number[]) => ({
    translatable: 'Hostile',
    translated: 'Feindlich',
    global: false,
    locale_ids: localeIds,
  });
  return [
    { route: 'getHealth', public: true, answer: ['anonymous', 200], base: () => ({}) },
    { route: 'getSiteInfo', public: true, answer: ['anonymous', 200], base: () => ({}) },
    { route: 'getApiDocument', public: true, answer: ['anonymous', 200], base: () => ({}) },
    { route: 'showApiDocs', public: true, answer: ['anonymous', 200], base: () => ({}) },
    { route: 'getMe', answer: ['viewer', 200], base: () => ({}) },
    { route: 'listApiTokens', answer: ['viewer', 200], base: () => ({}) },
    {
      route: 'createApiToken',
      answer: ['viewer', 404],
      base: () => ({ body: { name: 'Hostile', space_ids: [MISSING_ID], role: 'viewer' } }),
    },
    { route: 'revokeApiToken', answer: ['viewer', 404], base: () => ({ params: { tokenId: MISSING_UUID } }) },
    {
      route: 'listAvailableSpaces',
      answer: ['viewer', 422],
      base: () => ({ body: { personal_access_token: NOT_A_TOKEN } }),
    },
    {
      route: 'createSpace',
      answer: ['viewer', 422],
      base: () => ({ body: { space_id: 999_999_999, personal_access_token: NOT_A_TOKEN } }),
    },
    {
      route: 'startSync',
      answer: ['translator', 403],
      base: (caller) => ({ params: { id: spaceFor(caller, 'editor') } }),
    },
    { route: 'getSyncStatus', answer: ['viewer', 200], base: () => inSpace },
    {
      route: 'replaceSpaceToken',
      answer: ['admin', 422],
      base: () => ({ ...inSpace, body: { personal_access_token: NOT_A_TOKEN } }),
    },
    { route: 'getSpaceSettings', answer: ['viewer', 200], base: () => inSpace },
    { route: 'getAuditLog', answer: ['admin', 200], base: () => ({ ...inSpace, query: { limit: 5 } }) },
    { route: 'getLanguageProgress', answer: ['viewer', 200], base: () => ({ ...inSpace, query: { days: 30 } }) },
    { route: 'getSpacesTrend', answer: ['viewer', 200], base: () => ({ query: {} }) },
    {
      route: 'updateSpaceSettings',
      answer: ['editor', 403],
      base: (caller) => ({ params: { id: spaceFor(caller, 'admin') }, body: { write_back_mode: 'all' } }),
    },
    { route: 'deleteSpace', answer: ['admin', 403], base: (caller) => ({ params: { id: spaceFor(caller, 'owner') } }) },
    { route: 'getWebhookSettings', answer: ['admin', 200], base: () => inSpace },
    { route: 'listSpaceHooks', answer: ['admin', 200], base: () => inSpace },
    {
      route: 'createSpaceHook',
      answer: ['admin', 400],
      base: () => ({ ...inSpace, body: { url: 'ftp://hostile.invalid/hook', events: ['sync.finished'] } }),
    },
    {
      route: 'updateSpaceHook',
      answer: ['admin', 404],
      base: () => ({ params: { id: ids.spaceId, hookId: MISSING_ID }, body: { active: false } }),
    },
    {
      route: 'deleteSpaceHook',
      answer: ['admin', 404],
      base: () => ({ params: { id: ids.spaceId, hookId: MISSING_ID } }),
    },
    {
      route: 'listHookDeliveries',
      answer: ['admin', 404],
      base: () => ({ params: { id: ids.spaceId, hookId: MISSING_ID } }),
    },
    {
      route: 'sendHookTestEvent',
      answer: ['admin', 404],
      base: () => ({ params: { id: ids.spaceId, hookId: MISSING_ID } }),
    },
    {
      route: 'startCheckout',
      answer: ['admin', 403],
      base: (caller) => ({ params: { id: spaceFor(caller, 'owner') } }),
    },
    {
      route: 'openBillingPortal',
      answer: ['admin', 403],
      base: (caller) => ({ params: { id: spaceFor(caller, 'owner') }, query: { back_to: '/spaces' } }),
    },
    {
      route: 'receiveStripeWebhook',
      public: true,
      answer: ['anonymous', 400],
      base: () => ({
        body: { id: 'evt_hostile', object: 'event', type: 'customer.subscription.deleted' },
        headers: { 'stripe-signature': 't=1,v1=not-a-signature' },
      }),
    },
    {
      route: 'addLanguage',
      answer: ['admin', 409],
      base: () => ({ ...inSpace, body: { code: 'de', name: 'German' } }),
      refusedElsewhere: {
        fields: ['body.code'],
        base: () => ({ params: { id: MISSING_ID }, body: { code: 'de', name: 'German' } }),
      },
    },
    {
      route: 'editLanguage',
      answer: ['admin', 404],
      base: () => ({ ...inSpace, body: { id: MISSING_ID, code: 'de', name: 'German' } }),
    },
    { route: 'deleteLanguage', answer: ['admin', 404], base: () => ({ ...inSpace, body: { id: MISSING_ID } }) },
    { route: 'getDatasourceMapping', answer: ['viewer', 200], base: () => inSpace },
    {
      route: 'setDatasourceDimension',
      answer: ['admin', 404],
      base: () => ({ ...inSpace, body: { space_locale_id: MISSING_ID, dimension: null } }),
    },
    {
      route: 'inviteUser',
      answer: ['admin', 200],
      base: () => ({ ...inSpace, body: { email: ids.emailOf('viewer'), role: 'viewer' } }),
    },
    { route: 'acceptInvite', answer: ['viewer', 404], base: () => inSpace },
    { route: 'declineInvite', answer: ['viewer', 404], base: () => inSpace },
    { route: 'revokeUser', answer: ['admin', 404], base: () => ({ ...inSpace, body: { user_id: MISSING_UUID } }) },
    {
      route: 'approveRequest',
      answer: ['admin', 404],
      base: () => ({ ...inSpace, body: { user_id: MISSING_UUID, role: 'viewer' } }),
    },
    {
      route: 'changeRole',
      answer: ['admin', 404],
      base: () => ({ ...inSpace, body: { user_id: MISSING_UUID, role: 'viewer' } }),
    },
    { route: 'listGlossaryTerms', answer: ['viewer', 200], base: () => ({ ...inSpace, query: { locale: 'de' } }) },
    {
      route: 'getStyleGuide',
      answer: ['viewer', 200],
      base: () => ({ ...inSpace, query: { space_locale_id: ids.localeId } }),
    },
    {
      route: 'exportXliff',
      answer: ['viewer', 200],
      base: () => ({ ...inSpace, query: { space_locale_id: ids.localeId, story_id: ids.storyId } }),
    },
    {
      route: 'importXliff',
      // A file without units: read to its end, and nothing to change.
      answer: ['translator', 200],
      base: () => ({
        ...inSpace,
        query: { space_locale_id: ids.localeId },
        body: '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de"/>',
        headers: { 'content-type': 'application/xliff+xml' },
      }),
    },
    {
      route: 'updateStyleGuide',
      // A language of no space: the whole way to the write is walked, and nothing is written.
      answer: ['admin', 404],
      base: () => ({
        ...inSpace,
        query: { space_locale_id: MISSING_ID },
        body: { formality: 'formal', tone: 'plain', avoid: ['du'], instructions: 'Short sentences.' },
      }),
    },
    {
      route: 'createGlossaryTerm',
      answer: ['editor', 400],
      base: () => ({ ...inSpace, body: glossaryTerm([MISSING_ID]) }),
      refusedElsewhere: {
        fields: ['body.global', 'body.locale_ids'],
        base: () => ({ params: { id: MISSING_ID }, body: glossaryTerm([MISSING_ID]) }),
      },
    },
    {
      route: 'updateGlossaryTerm',
      answer: ['editor', 404],
      base: () => ({ params: { id: ids.spaceId, termId: MISSING_ID }, body: glossaryTerm([ids.localeId]) }),
    },
    {
      route: 'deleteGlossaryTerm',
      answer: ['editor', 404],
      base: () => ({ params: { id: ids.spaceId, termId: MISSING_ID } }),
    },
    {
      route: 'getRootFolder',
      answer: ['viewer', 200],
      base: () => ({ query: { locale: 'de', space_id: ids.spaceId } }),
    },
    {
      route: 'getFolder',
      answer: ['viewer', 200],
      base: () => ({ params: { folderId: ids.folderId }, query: { locale: 'de', space_id: ids.spaceId } }),
    },
    {
      route: 'getStory',
      answer: ['viewer', 200],
      base: () => ({ params: { storyId: ids.storyId }, query: { locale: 'de' } }),
    },
    {
      route: 'markStoryOpen',
      // A story that is not there: having a story open is recorded, and the corpus must change nothing.
      answer: ['viewer', 404],
      base: () => ({ params: { storyId: MISSING_ID } }),
    },
    {
      // Nothing failed to be written for the corpus's story: a retry is refused after the role check.
      route: 'retryWriteBack',
      answer: ['translator', 409],
      base: () => ({ params: { storyId: ids.storyId }, body: { locale: 'de' } }),
    },
    {
      route: 'getAssociatedKeys',
      answer: ['viewer', 200],
      base: () => ({ query: { key: ids.key, space_locale_id: ids.localeId } }),
    },
    {
      route: 'searchContent',
      answer: ['viewer', 200],
      base: () => ({ query: { space_id: ids.spaceId, locale: 'de', q: 'welcome', status: 'missing' } }),
    },
    {
      route: 'saveTranslation',
      answer: ['translator', 404],
      base: () => ({ body: { ...keyRef, field_type: 'text', value: 'Hallo' } }),
    },
    { route: 'markAsVerified', answer: ['translator', 200], base: () => ({ body: [keyRef] }) },
    { route: 'markAsUnverified', answer: ['translator', 200], base: () => ({ body: [keyRef] }) },
    { route: 'applyToAssociated', answer: ['translator', 404], base: () => ({ body: { ...keyRef, verify: true } }) },
    {
      route: 'getKeyHistory',
      answer: ['viewer', 404],
      base: () => ({ query: { story_id: ids.storyId, key: NO_SUCH_KEY, space_locale_id: ids.localeId } }),
    },
    { route: 'revertTranslation', answer: ['translator', 404], base: () => ({ body: { history_id: MISSING_ID } }) },
    {
      route: 'createTranslationAsks',
      answer: ['translator', 404],
      base: () => ({ body: { translatable_key_ids: [MISSING_ID], space_locale_id: ids.localeId } }),
    },
    {
      route: 'aiTranslate',
      answer: ['translator', 404],
      base: () => ({ body: { ...keyRef, value: 'Hello', target_locale: 'de' } }),
    },
    {
      route: 'translateFolder',
      answer: ['editor', 404],
      base: () => ({ body: { space_id: ids.spaceId, folder_id: MISSING_ID, space_locale_id: ids.localeId } }),
      refusedElsewhere: {
        fields: ['body.folder_id'],
        base: () => ({ body: { space_id: MISSING_ID, folder_id: MISSING_ID, space_locale_id: ids.localeId } }),
      },
    },
    {
      route: 'getReadiness',
      answer: ['viewer', 200],
      base: () => ({ ...inSpace, query: { space_locale_id: ids.localeId, page: 1, per_page: 10 } }),
    },
    {
      // A language of no space: refused before anything is checked, written or published.
      route: 'publishStory',
      answer: ['editor', 404],
      base: () => ({ body: { story_id: ids.storyId, space_locale_ids: [MISSING_ID] } }),
    },
    { route: 'getTranslationBatch', answer: ['viewer', 200], base: () => ({ params: { batchId: ids.batchId } }) },
    {
      route: 'cancelTranslationBatch',
      answer: ['translator', 403],
      base: (caller) => ({ params: { batchId: mayAct(caller, 'editor') ? MISSING_UUID : ids.batchId } }),
    },
    {
      route: 'receiveStoryblokWebhook',
      public: true,
      answer: ['anonymous', 401],
      base: () => ({
        body: { action: 'story.published', space_id: ids.storyblokSpaceId, story_id: ids.storyblokStoryId },
        headers: { 'webhook-signature': 'not-a-signature' },
      }),
    },
    { route: 'getPanelConfig', public: true, answer: ['anonymous', 200], base: () => ({}) },
    {
      route: 'exchangePanelCode',
      public: true,
      answer: ['anonymous', 400],
      base: () => ({ body: { code: 'hostile-code', verifier: 'v'.repeat(43) } }),
    },
    {
      route: 'getPanelStory',
      answer: ['viewer', 200],
      base: () => ({ params: { id: ids.spaceId, storyblokStoryId: ids.storyblokStoryId } }),
    },
    {
      route: 'syncPanelStory',
      answer: ['viewer', 403],
      base: (caller) => ({ params: { id: spaceFor(caller, 'translator'), storyblokStoryId: ids.storyblokStoryId } }),
    },
    // The app install's pages: without an OAuth app configured, each sends the browser back to the panel.
    {
      route: 'startStoryblokInstall',
      public: true,
      answer: ['anonymous', 302],
      base: () => ({ query: { challenge: 'c'.repeat(43) } }),
    },
    {
      route: 'storyblokInstallCallback',
      public: true,
      answer: ['anonymous', 302],
      base: () => ({ query: { code: 'hostile-code', state: 'hostile-state', space_id: ids.storyblokSpaceId } }),
    },
    {
      route: 'completeStoryblokInstall',
      public: true,
      answer: ['anonymous', 302],
      base: () => ({ query: { space_id: ids.storyblokSpaceId, user_id: 1 } }),
    },
    { route: 'failStoryblokInstall', public: true, answer: ['anonymous', 302], base: () => ({}) },
    ...authCases(ids.emailOf, MISSING_UUID),
  ];
}
