import { z } from 'zod';
import { membershipStatuses } from './member-rules.ts';
import { subscriptionStatuses } from './billing-rules.ts';
import { roles } from './roles.ts';

/** The shapes of spaces, their languages and members (spec section 3), shared by /me and the space endpoints. */

const isoTime = z.iso.datetime({ offset: true });

export const roleSchema = z.enum(roles);
export const membershipStatusSchema = z.enum(membershipStatuses);

/** A membership as the spec's `pivot`: where the user stands in the space. */
export const pivotSchema = z.object({
  status: membershipStatusSchema,
  role: roleSchema,
  created_at: isoTime,
});

/** The Storyblok regions; a space lives in one, and its APIs are served from that region's hosts. */
export const storyblokRegions = ['eu', 'us', 'ca', 'ap', 'cn'] as const;
export const storyblokRegionSchema = z.enum(storyblokRegions);
export type StoryblokRegion = z.infer<typeof storyblokRegionSchema>;

export const spaceUserSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: z.string(),
  pivot: pivotSchema,
});

export type SpaceUser = z.infer<typeof spaceUserSchema>;

export const spaceLocaleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  translated_key_count: z.number().int().nonnegative(),
  /** Source keys without a translation in this language. */
  missing_translated_keys_count: z.number().int().nonnegative(),
  /** Source keys without a verified translation in this language. */
  missing_verified_translated_keys_count: z.number().int().nonnegative(),
  last_translation_at: isoTime.nullable(),
});

export type SpaceLocale = z.infer<typeof spaceLocaleSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  next_billing_date: isoTime.nullable(),
  /** Monthly price in the currency's main unit (49 for $49). */
  price: z.number().nonnegative(),
  /** Stripe's status: past_due or unpaid means a payment failed (the card and the spaces list warn). */
  status: z.enum(subscriptionStatuses),
  /** Cancelled in the billing portal: the plan ends at next_billing_date instead of renewing. */
  cancel_at_period_end: z.boolean(),
});

export const spaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The Storyblok region of the space, as found when it was connected: which CDN serves its content. */
  region: storyblokRegionSchema,
  /** The delivery API (with /v2/cdn) that serves the space's content: its region's, or the configured one. */
  cdn_url: z.string(),
  default_locale_name: z.string().nullable(),
  space_locales: z.array(spaceLocaleSchema),
  /** Every member with their pivot; empty for a user whose own membership is only a request to join. */
  users: z.array(spaceUserSchema),
  /** The signed-in user's own membership. */
  pivot: pivotSchema,
  translatable_keys_count: z.number().int().nonnegative(),
  translated_keys_count: z.number().int().nonnegative(),
  has_token_issue: z.boolean(),
  /** The running sync, if any. */
  sync_batch_id: z.uuid().nullable(),
  synced_at: isoTime.nullable(),
  subscription: subscriptionSchema.nullable(),
  /**
   * For the space's owner once the space has a Stripe customer: opens Stripe's billing portal (add
   * `back_to=<path>` for where its return button leads). Null for other roles and without Stripe.
   */
  billing_portal_url: z.string().nullable(),
  /** The CDN preview token, for the published-content link; null until the user has joined. */
  preview_token: z.string().nullable(),
});

export type Space = z.infer<typeof spaceSchema>;
