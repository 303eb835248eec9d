// The auth feature's front door: what the rest of the server may use of it.
export { createAuthGuard } from './api-guard.ts';
export { authApiRoutes } from './auth-api.routes.ts';
export { createAuthDeps, type AuthDeps } from './auth-deps.ts';
export { isAuthRefusal } from './auth-errors.ts';
export { clientInfo } from './auth-http.ts';
export { duration } from './auth-mail.ts';
export { resolveAuthSettings, type AuthSettingsOverride } from './auth-settings.ts';
export {
  findOrCreateInvitedAccount,
  invitationLink,
  invitationLinkNote,
  type InvitedAccount,
} from './invite.service.ts';
export { refreshGrant, startSession, type ClientInfo } from './sessions.service.ts';
export { createLinkPasses, type LinkPasses } from './link-passes.ts';
export { newApiTokenSecret } from './api-token-check.ts';
