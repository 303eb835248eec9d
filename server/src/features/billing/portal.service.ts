import type { AuthInfo } from '../../http/auth-info.ts';
import { AppError } from '../../errors.ts';
import { portalScope, requireStripe, settingsUrl, type BillingDeps } from './billing-deps.ts';
import { callStripe } from './stripe-calls.ts';

/**
 * Where the portal's return button leads: `backTo` when it is a path of this site, the space's Settings
 * otherwise. A scheme, another host (`//evil.example`, `/\evil.example`, which browsers read as `//`) or
 * anything that resolves off this origin would turn Polyblok into a redirector for someone else's page.
 */
export function returnUrl(siteUrl: string, spaceId: number, backTo: string | undefined): string {
  const fallback = settingsUrl(siteUrl, spaceId);
  if (!backTo || !backTo.startsWith('/') || backTo.startsWith('//') || /[\\\s\p{Cc}]/u.test(backTo)) return fallback;
  try {
    const resolved = new URL(backTo, siteUrl);
    return resolved.origin === new URL(siteUrl).origin ? resolved.toString() : fallback;
  } catch {
    return fallback;
  }
}

/** A new customer-portal session for the space's Stripe customer, returning to `backTo`. */
export async function openPortal(deps: BillingDeps, spaceId: number, backTo: string | undefined): Promise<string> {
  const stripe = requireStripe(deps);
  const subscription = await deps.prisma.subscription.findUnique({ where: { spaceId }, select: { customerId: true } });
  if (!subscription) {
    throw new AppError('not_found', 'This space has no Stripe customer yet: subscribe to the Entry Plan first.');
  }
  const session = await callStripe('open the billing portal', () =>
    stripe.client.billingPortal.sessions.create({
      customer: subscription.customerId,
      return_url: returnUrl(deps.siteUrl, spaceId, backTo),
    }),
  );
  return session.url;
}

/**
 * The billing portal link /api/me gives the space's owner once the space has a Stripe customer: a pass for this
 * session and this space's portal rides along, since a browser follows the link without the bearer token.
 */
export function portalUrlFor(
  deps: Pick<BillingDeps, 'stripe' | 'siteUrl' | 'linkPasses'>,
  auth: AuthInfo,
  spaceId: number,
): string | null {
  if (!deps.stripe) return null;
  const ticket = deps.linkPasses.issue(auth, portalScope(spaceId));
  return `${deps.siteUrl}/api/spaces/${spaceId}/subscription/portal?ticket=${encodeURIComponent(ticket)}`;
}
