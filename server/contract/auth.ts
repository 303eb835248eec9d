import { z } from 'zod';
import { authErrorCodes, weakPasswordReasons } from './auth-errors.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * The auth service under /auth/v1: a subset of the GoTrue (Supabase Auth) HTTP API, answered in its shapes so
 * the web app uses @supabase/auth-js unchanged. The server binds these endpoints like the product API's, but
 * refuses GoTrue's way (auth-errors.ts); auth-js is their client, so the kit's API client does not call them.
 */

const isoTime = z.iso.datetime({ offset: true });

/** Trimmed and lower-cased, as accounts are stored. */
export const emailAddressSchema = z
  .string({ error: 'An email address is required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Unable to validate email address: too long' })
  .pipe(z.email({ error: 'Unable to validate email address: invalid format' }));

const passwordField = z.string({ error: 'A password is required' }).max(4096, { error: 'Password is too long' });
const nameField = z.string().trim().max(100, { error: 'Name must be at most 100 characters' });

export const signupBodySchema = z.object({
  email: emailAddressSchema,
  password: passwordField,
  data: z.object({ name: nameField.optional() }).optional(),
});

export const passwordGrantBodySchema = z.object({
  email: z.string({ error: 'You must provide either an email or phone number and a password' }).max(1000),
  password: z.string({ error: 'You must provide either an email or phone number and a password' }).max(4096),
});

export const refreshGrantBodySchema = z.object({
  refresh_token: z.string({ error: 'A refresh_token is required' }).min(1).max(4096),
});

export const grantTypeSchema = z.enum(['password', 'refresh_token']);

export const verifyTypes = ['signup', 'email', 'recovery', 'invite', 'email_change'] as const;
export const verifyTypeSchema = z.enum(verifyTypes, { error: 'Verify requires a verification type' });

const linkToken = z.string().min(1).max(512);

export const verifyBodySchema = z.object({
  type: verifyTypeSchema,
  token: linkToken.optional(),
  token_hash: linkToken.optional(),
  email: emailAddressSchema.optional(),
});

export const verifyLinkQuerySchema = z.object({
  type: verifyTypeSchema,
  token: linkToken,
  redirect_to: z.string().max(2048).optional(),
});

export const recoverBodySchema = z.object({ email: emailAddressSchema });

export const resendBodySchema = z.object({
  type: z.enum(['signup', 'email_change'], { error: 'Only signup and email_change e-mails can be resent' }),
  email: emailAddressSchema,
});

export const updateUserBodySchema = z.object({
  email: emailAddressSchema.optional(),
  password: passwordField.optional(),
  /** The code e-mailed by /reauthenticate. */
  nonce: z.string().max(64).optional(),
  data: z.object({ name: nameField.nullable().optional() }).optional(),
});

export const logoutQuerySchema = z.object({
  scope: z.enum(['global', 'local', 'others'], { error: 'scope must be global, local or others' }).default('global'),
});

export const enrollBodySchema = z.object({
  factor_type: z.literal('totp', { error: 'Only totp factors can be enrolled' }),
  friendly_name: z.string().trim().max(100).optional(),
  issuer: z.string().trim().min(1).max(100).optional(),
});

export const factorVerifyBodySchema = z.object({
  challenge_id: z.uuid({ error: 'challenge_id must be a challenge id' }),
  code: z.string({ error: 'A code is required' }).max(32),
});

export const factorIdSchema = z.uuid({ error: 'Factor not found' });

// ----- answers -----

export const amrEntrySchema = z.object({ method: z.string(), timestamp: z.number().int() });

export const factorSchema = z.object({
  id: z.uuid(),
  friendly_name: z.string().optional(),
  factor_type: z.literal('totp'),
  status: z.enum(['verified', 'unverified']),
  created_at: isoTime,
  updated_at: isoTime,
});

export const identitySchema = z.object({
  identity_id: z.uuid(),
  id: z.string(),
  user_id: z.uuid(),
  identity_data: z.record(z.string(), z.unknown()),
  provider: z.string(),
  email: z.string().optional(),
  last_sign_in_at: isoTime.optional(),
  created_at: isoTime,
  updated_at: isoTime,
});

export const authUserSchema = z.object({
  id: z.uuid(),
  aud: z.literal('authenticated'),
  role: z.literal('authenticated'),
  email: z.string(),
  phone: z.literal(''),
  email_confirmed_at: isoTime.optional(),
  confirmed_at: isoTime.optional(),
  invited_at: isoTime.optional(),
  last_sign_in_at: isoTime.optional(),
  new_email: z.string().optional(),
  app_metadata: z.object({ provider: z.string(), providers: z.array(z.string()) }),
  user_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(identitySchema),
  factors: z.array(factorSchema),
  created_at: isoTime,
  updated_at: isoTime,
  is_anonymous: z.literal(false),
});

export type AuthUser = z.infer<typeof authUserSchema>;

export const authSessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().positive(),
  expires_at: z.number().int().positive(),
  refresh_token: z.string().min(43),
  user: authUserSchema,
});

export type AuthSessionResponse = z.infer<typeof authSessionSchema>;

export const accessTokenClaimsSchema = z.object({
  iss: z.string(),
  sub: z.uuid(),
  aud: z.literal('authenticated'),
  exp: z.number().int(),
  iat: z.number().int(),
  email: z.string(),
  phone: z.string(),
  role: z.literal('authenticated'),
  aal: z.enum(['aal1', 'aal2']),
  amr: z.array(amrEntrySchema).min(1),
  session_id: z.uuid(),
  is_anonymous: z.literal(false),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
});

export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export const enrollResponseSchema = z.object({
  id: z.uuid(),
  type: z.literal('totp'),
  friendly_name: z.string().optional(),
  totp: z.object({
    /** Raw SVG: auth-js itself turns it into a `data:image/svg+xml;utf-8,` URI. */
    qr_code: z.string().startsWith('<svg'),
    secret: z.string().regex(/^[A-Z2-7]+$/),
    uri: z.string().startsWith('otpauth://totp/'),
  }),
});

export const challengeResponseSchema = z.object({
  id: z.uuid(),
  type: z.literal('totp'),
  expires_at: z.number().int(),
});

export const unenrollResponseSchema = z.object({ id: z.uuid() });

/** Errors in the API version auth-js asks for (X-Supabase-Api-Version: 2024-01-01). */
export const authErrorSchema = z.object({
  code: z.enum(authErrorCodes),
  message: z.string(),
  weak_password: z.object({ reasons: z.array(z.enum(weakPasswordReasons)) }).optional(),
});

/** The same errors for clients that send no version: GoTrue's older shape. */
export const legacyAuthErrorSchema = z.object({
  code: z.number().int(),
  error_code: z.enum(authErrorCodes),
  msg: z.string(),
  weak_password: z.object({ reasons: z.array(z.enum(weakPasswordReasons)) }).optional(),
});

// ----- endpoints -----

/**
 * Where a link or a redirect lands: a page of the site, or the endpoint's own page when it names another site
 * or is not a single text (the check is the server's, redirects.ts).
 */
const redirectQuerySchema = z.object({ redirect_to: z.string().max(2048).optional().catch(undefined) });

export const signUp = defineEndpoint('signUp', {
  query: redirectQuerySchema,
  body: signupBodySchema,
  response: authUserSchema,
});

/**
 * The grant comes from the query; an unknown one is refused as `unsupported_grant_type` before the body is read,
 * and the body is then checked against that grant's schema (passwordGrantBodySchema, refreshGrantBodySchema).
 */
export const grantToken = defineEndpoint('grantToken', {
  query: z.object({ grant_type: grantTypeSchema.optional().catch(undefined) }),
  body: z.unknown(),
  response: authSessionSchema,
});

/** Answers 303 to the landing page: the session, or GoTrue's error parameters, in the fragment. */
export const openEmailLink = defineEndpoint('openEmailLink', {
  query: verifyLinkQuerySchema,
  response: z.string(),
  status: 303,
});

export const verifyOtp = defineEndpoint('verifyOtp', { body: verifyBodySchema, response: authSessionSchema });

export const recoverPassword = defineEndpoint('recoverPassword', {
  query: redirectQuerySchema,
  body: recoverBodySchema,
  response: z.object({}),
});

export const resendEmail = defineEndpoint('resendEmail', {
  query: redirectQuerySchema,
  body: resendBodySchema,
  response: z.object({}),
});

export const signOut = defineEndpoint('signOut', { query: logoutQuerySchema, response: z.void(), status: 204 });

export const getUser = defineEndpoint('getUser', { response: authUserSchema });

export const updateUser = defineEndpoint('updateUser', {
  query: redirectQuerySchema,
  body: updateUserBodySchema,
  response: authUserSchema,
});

/** E-mails the code that a password change asks for (`nonce`). */
export const reauthenticate = defineEndpoint('reauthenticate', { response: z.object({}) });

const factorParams = z.object({ id: factorIdSchema });

export const enrollFactor = defineEndpoint('enrollFactor', { body: enrollBodySchema, response: enrollResponseSchema });

export const challengeFactor = defineEndpoint('challengeFactor', {
  params: factorParams,
  response: challengeResponseSchema,
});

export const verifyFactor = defineEndpoint('verifyFactor', {
  params: factorParams,
  body: factorVerifyBodySchema,
  response: authSessionSchema,
});

export const unenrollFactor = defineEndpoint('unenrollFactor', {
  params: factorParams,
  response: unenrollResponseSchema,
});
