import { isShownSubscription } from '#contract/billing-rules.ts';
import type { Space } from '#contract/spaces.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { localeViewSelect, toSpaceLocale, toStoryblokRegion } from '../spaces/index.ts';

/** What a space answer (spec: Space) is built from. */
export const spaceViewSelect = {
  id: true,
  name: true,
  storyblokSpaceId: true,
  region: true,
  defaultLocaleName: true,
  translatableKeysCount: true,
  translatedKeysCount: true,
  hasTokenIssue: true,
  syncBatchId: true,
  syncedAt: true,
  previewToken: true,
  locales: {
    select: localeViewSelect,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  },
  memberships: {
    select: { role: true, status: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  },
  subscription: {
    select: { id: true, status: true, priceCents: true, nextBillingDate: true, cancelAtPeriodEnd: true },
  },
} satisfies Prisma.SpaceSelect;

export type SpaceViewRow = Prisma.SpaceGetPayload<{ select: typeof spaceViewSelect }>;

export interface OwnMembership {
  role: Space['pivot']['role'];
  status: Space['pivot']['status'];
  createdAt: Date;
}

const pivot = (membership: OwnMembership) => ({
  status: membership.status,
  role: membership.role,
  created_at: membership.createdAt.toISOString(),
});

/**
 * A space as one of its members sees it. Someone who has only asked to join sees no member list and no
 * preview token: those belong to the space's people, not to whoever knocks. `portalUrl` is the billing portal
 * link, for the owner of a space with a Stripe customer.
 */
export function toSpace(
  space: SpaceViewRow,
  own: OwnMembership,
  cdnUrlOf: (region: Space['region']) => string,
  portalUrl: string | null,
): Space {
  const admitted = own.status !== 'requesting';
  const joined = own.status === 'joined';
  const keys = space.translatableKeysCount;
  const region = toStoryblokRegion(space.region, space.storyblokSpaceId);
  const subscription = space.subscription && isShownSubscription(space.subscription.status) ? space.subscription : null;
  return {
    id: space.id,
    name: space.name,
    region,
    cdn_url: cdnUrlOf(region),
    default_locale_name: space.defaultLocaleName,
    space_locales: space.locales.map((locale) => toSpaceLocale(locale, keys)),
    users: admitted
      ? space.memberships.map((member) => ({
          id: member.user.id,
          name: member.user.name,
          email: member.user.email,
          pivot: pivot(member),
        }))
      : [],
    pivot: pivot(own),
    translatable_keys_count: keys,
    translated_keys_count: space.translatedKeysCount,
    has_token_issue: space.hasTokenIssue,
    sync_batch_id: space.syncBatchId,
    synced_at: space.syncedAt?.toISOString() ?? null,
    subscription: subscription
      ? {
          id: subscription.id,
          next_billing_date: subscription.nextBillingDate?.toISOString() ?? null,
          price: subscription.priceCents / 100,
          status: subscription.status,
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
        }
      : null,
    billing_portal_url: portalUrl,
    preview_token: joined ? space.previewToken : null,
  };
}
