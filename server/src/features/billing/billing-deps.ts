import type { StripeSettings } from '../../adapters/stripe/stripe-client.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { LinkPasses } from '../auth/index.ts';

/** What the billing services need from the running process. */
export interface BillingDeps {
  prisma: Database;
  /** Null when billing is off (no STRIPE_SECRET_KEY): plans are then the operator's business. */
  stripe: StripeSettings | null;
  /** Public origin of the web app: where Checkout and the portal send the browser back to. */
  siteUrl: string;
  /** Signs the billing portal links of /api/me. */
  linkPasses: LinkPasses;
}

export function requireStripe(deps: Pick<BillingDeps, 'stripe'>): StripeSettings {
  if (!deps.stripe) {
    throw new AppError(
      'billing_not_configured',
      'Billing is not set up on this Polyblok: plans are managed by its operator.',
    );
  }
  return deps.stripe;
}

/** The space's Settings page, where Checkout and the portal come back to. */
export function settingsUrl(siteUrl: string, spaceId: number): string {
  return `${siteUrl}/spaces/${spaceId}/settings`;
}

/** The scope of a billing portal link's pass: one space's portal. */
export const portalScope = (spaceId: number | string) => `billing-portal:${spaceId}`;
