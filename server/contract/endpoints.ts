import type { Endpoint } from './endpoint.ts';
import type { JsonRouteName } from './routes.ts';
import {
  challengeFactor,
  enrollFactor,
  getUser,
  grantToken,
  openEmailLink,
  reauthenticate,
  recoverPassword,
  resendEmail,
  signOut,
  signUp,
  unenrollFactor,
  updateUser,
  verifyFactor,
  verifyOtp,
} from './auth.ts';
import { exchangePanelCode, getPanelConfig, getPanelStory, syncPanelStory } from './connect.ts';
import {
  aiTranslate,
  applyToAssociated,
  cancelTranslationBatch,
  createTranslationAsks,
  getTranslationBatch,
  markAsUnverified,
  markAsVerified,
  saveTranslation,
  translateFolder,
} from './content-writes.ts';
import { getAssociatedKeys, getFolder, getRootFolder, getStory, markStoryOpen } from './content.ts';
import { searchContent } from './content-search.ts';
import { getKeyHistory, revertTranslation } from './content-history.ts';
import { getAuditLog } from './audit-log.ts';
import { getLanguageProgress, getSpacesTrend } from './progress.ts';
import { createGlossaryTerm, deleteGlossaryTerm, listGlossaryTerms, updateGlossaryTerm } from './glossary.ts';
import { getStyleGuide, updateStyleGuide } from './style-guide.ts';
import { getHealth } from './health.ts';
import { getSiteInfo } from './site.ts';
import { getDatasourceMapping, setDatasourceDimension } from './datasources.ts';
import { addLanguage, deleteLanguage, editLanguage } from './languages.ts';
import { getMe } from './me.ts';
import { getApiDocument } from './api-docs.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.ts';
import { acceptInvite, approveRequest, changeRole, declineInvite, inviteUser, revokeUser } from './members.ts';
import { createSpace, getSyncStatus, listAvailableSpaces, replaceSpaceToken, startSync } from './space-connect.ts';
import { deleteSpace, getSpaceSettings, updateSpaceSettings } from './space-settings.ts';
import { getWebhookSettings, receiveStoryblokWebhook } from './webhooks.ts';
import {
  createSpaceHook,
  deleteSpaceHook,
  listHookDeliveries,
  listSpaceHooks,
  sendHookTestEvent,
  updateSpaceHook,
} from './space-hooks.ts';
import { openBillingPortal, receiveStripeWebhook, startCheckout } from './billing.ts';
import { retryWriteBack } from './write-back.ts';
import { exportXliff, importXliff } from './xliff.ts';
import { getReadiness, publishStory } from './publishing.ts';

/**
 * Every contract endpoint by its name in the route table. It loads zod and every schema: the server imports it,
 * the browser only as a type (`import type { Endpoints }`), which types its calls by name without bundling zod.
 * The `satisfies` below fails to compile when a JSON route of the table has no endpoint, an endpoint is not in
 * the table, or one sits under another's name.
 */
export const endpoints = {
  getHealth,
  getSiteInfo,
  getMe,
  getApiDocument,
  listApiTokens,
  createApiToken,
  revokeApiToken,
  listAvailableSpaces,
  createSpace,
  startSync,
  getSyncStatus,
  replaceSpaceToken,
  getSpaceSettings,
  getAuditLog,
  getLanguageProgress,
  getSpacesTrend,
  updateSpaceSettings,
  deleteSpace,
  getWebhookSettings,
  listSpaceHooks,
  createSpaceHook,
  updateSpaceHook,
  deleteSpaceHook,
  listHookDeliveries,
  sendHookTestEvent,
  startCheckout,
  openBillingPortal,
  getDatasourceMapping,
  setDatasourceDimension,
  addLanguage,
  editLanguage,
  deleteLanguage,
  inviteUser,
  acceptInvite,
  declineInvite,
  revokeUser,
  approveRequest,
  changeRole,
  listGlossaryTerms,
  getStyleGuide,
  updateStyleGuide,
  exportXliff,
  importXliff,
  createGlossaryTerm,
  updateGlossaryTerm,
  deleteGlossaryTerm,
  getRootFolder,
  getFolder,
  getStory,
  markStoryOpen,
  retryWriteBack,
  getAssociatedKeys,
  searchContent,
  saveTranslation,
  markAsVerified,
  markAsUnverified,
  applyToAssociated,
  getKeyHistory,
  revertTranslation,
  createTranslationAsks,
  getReadiness,
  publishStory,
  aiTranslate,
  translateFolder,
  getTranslationBatch,
  cancelTranslationBatch,
  receiveStoryblokWebhook,
  receiveStripeWebhook,
  getPanelConfig,
  exchangePanelCode,
  getPanelStory,
  syncPanelStory,
  signUp,
  grantToken,
  openEmailLink,
  verifyOtp,
  recoverPassword,
  resendEmail,
  signOut,
  getUser,
  updateUser,
  reauthenticate,
  enrollFactor,
  challengeFactor,
  verifyFactor,
  unenrollFactor,
} satisfies { [N in JsonRouteName]: Endpoint & { name: N } };

export type Endpoints = typeof endpoints;
