import { z } from 'zod';

/**
 * Every error the product API answers with. Clients branch on the code, never on the message.
 * Feature contracts add their own codes here so the union stays the one list.
 */
export const errorCodes = [
  'invalid_request',
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'unauthorized',
  'forbidden',
  /** The user has a verified second factor and this session has not passed it yet (aal1): verify the code. */
  'mfa_required',
  'not_found',
  'route_not_found',
  'conflict',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  /** Storyblok refused the personal access token. */
  'invalid_token',
  /** The space's Storyblok token stopped working: syncing waits for an admin to give a new one. */
  'token_issue',
  /** Storyblok could not be reached or kept failing; nothing was changed. */
  'storyblok_unavailable',
  /** The source changed since the translator opened it: verifying against the old one is refused. */
  'source_changed',
  /** The space's AI words for today are used up; nothing was charged. */
  'quota_exceeded',
  /** The AI model could not be reached or kept failing; nothing was charged. */
  'ai_unavailable',
  /** The tool panel's sign-in code is unknown, used, expired, or not for this panel: sign in again. */
  'invalid_connect_code',
  /**
   * Someone changed the translation since the translator started from it: nothing was saved, and the answer's
   * `current` holds the translation as it stands now, with who saved it and when.
   */
  'translation_changed',
  /** The database cannot be reached (down, restarting, out of reach): nothing was changed; try again shortly. */
  'database_unavailable',
  /** Billing is not set up on this Polyblok (no Stripe key): the operator manages plans. */
  'billing_not_configured',
  /** The space already has a subscription: manage it in the billing portal. */
  'already_subscribed',
  /** Stripe could not be reached or refused; nothing was changed. */
  'billing_unavailable',
  /** A Stripe webhook whose signature does not match its body, or is older than five minutes. */
  'invalid_signature',
  /** The XLIFF file is not well-formed XML, not XLIFF 2.0, or carries a DTD or entity declarations: nothing read. */
  'invalid_xliff',
  /** The XLIFF file's target language (trgLang) is not the language it is imported into: nothing read. */
  'xliff_language_mismatch',
  /**
   * A language asked to be published is not complete by the space's rule: nothing was written or published, and
   * the answer's `incomplete_keys` lists the keys that keep it.
   */
  'translation_incomplete',
  /**
   * The Storyblok space does not publish translations individually, so one language cannot be published alone:
   * an admin of the Storyblok space turns it on (Settings, Internationalization). Nothing was changed.
   */
  'publishing_individually_off',
  /** A translated slug with other characters than lowercase letters, digits and dashes, or one a sibling has. */
  'invalid_slug',
  /**
   * A hook's address is not one Polyblok may post to: not http(s), or (in production) not https, or leading to a
   * loopback, private or link-local address. Nothing was saved.
   */
  'hook_url_not_allowed',
  /** The API token is unknown, revoked or expired: the script needs a new one from the profile. */
  'invalid_api_token',
  /** An API token cannot do this (manage tokens, create spaces): sign in as a person to do it. */
  'api_token_not_allowed',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorDetailSchema = z.object({
  /** Where in the request the problem is, as a dotted path: "body.email", "query.page". */
  path: z.string(),
  message: z.string(),
});

export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** A translation as it stands now, sent with `translation_changed`: null value when it was removed meanwhile. */
export const currentTranslationSchema = z.object({
  value: z.unknown().nullable(),
  value_text: z.string().nullable(),
  updated_at: z.iso.datetime({ offset: true }).nullable(),
  updated_by: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() }).nullable(),
});

export type CurrentTranslation = z.infer<typeof currentTranslationSchema>;

/** A key that keeps a language from being published, sent with `translation_incomplete`. */
export const incompleteKeySchema = z.object({
  /** The key's id: the editor opens the story at it (`&key=`). */
  id: z.number().int(),
  space_locale_id: z.number().int(),
  locale: z.string(),
  key: z.string(),
  /** Where the key is in the story, as the editor shows it: component, then field. */
  field_path: z.string(),
  status: z.enum(['missing', 'translation_requested', 'unverified']),
});

export type IncompleteKey = z.infer<typeof incompleteKeySchema>;

export const errorResponseSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  details: z.array(errorDetailSchema).optional(),
  current: currentTranslationSchema.optional(),
  incomplete_keys: z.array(incompleteKeySchema).optional(),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
