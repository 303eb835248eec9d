import { createHmac } from 'node:crypto';
import type { MeResponse } from '#contract/me.ts';
import { hasRole } from '#contract/roles.ts';
import type { Space } from '#contract/spaces.ts';
import type { Database } from '../../db/prisma.ts';
import { AppError } from '../../errors.ts';
import type { AuthInfo } from '../../http/auth-info.ts';
import { portalUrlFor, type BillingDeps } from '../billing/index.ts';
import { spaceViewSelect, toSpace } from './space-view.ts';

export interface MeDeps {
  prisma: Database;
  crispSecret: string | undefined;
  crispWebsiteId: string | undefined;
  /** The delivery API that serves a region's spaces (the configured Storyblok). */
  cdnUrlOf: (region: Space['region']) => string;
  billing: Pick<BillingDeps, 'stripe' | 'siteUrl' | 'linkPasses'>;
}

/** Crisp's identity verification: HMAC-SHA256 of the e-mail with the website's secret, in hex. */
export function crispSignature(secret: string | undefined, email: string): string | null {
  return secret ? createHmac('sha256', secret).update(email).digest('hex') : null;
}

/**
 * The signed-in account with every space it belongs to, is invited to, or asked to join; for a personal API
 * token, only the spaces it may act in.
 */
export async function getAccount(deps: MeDeps, auth: AuthInfo): Promise<MeResponse> {
  const user = await deps.prisma.user.findUnique({
    where: { id: auth.userId },
    select: {
      id: true,
      name: true,
      email: true,
      memberships: {
        where: auth.apiToken ? { spaceId: { in: auth.apiToken.spaceIds } } : {},
        select: { role: true, status: true, createdAt: true, space: { select: spaceViewSelect } },
        orderBy: [{ space: { name: 'asc' } }, { spaceId: 'asc' }],
      },
    },
  });
  if (!user) throw new AppError('unauthorized', 'Your session has ended. Please log in again.');
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    crisp_signature: crispSignature(deps.crispSecret, user.email),
    crisp_website_id: deps.crispWebsiteId ?? null,
    spaces: user.memberships.map((joined) => {
      // A token acts with the lower of its role and the user's: the list says what it may do.
      const capped = auth.apiToken && !hasRole(auth.apiToken.role, joined.role);
      const membership = capped ? { ...joined, role: auth.apiToken!.role } : joined;
      // The portal is the owner's, and there is one only once the space has a Stripe customer.
      const owns = membership.status === 'joined' && membership.role === 'owner';
      const portal =
        owns && membership.space.subscription ? portalUrlFor(deps.billing, auth, membership.space.id) : null;
      return toSpace(membership.space, membership, deps.cdnUrlOf, portal);
    }),
  };
}
