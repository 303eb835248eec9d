import type { AuthUser } from '#contract/auth.ts';
import type { Database } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/** What the GoTrue user object is built from. */
export const userViewSelect = {
  id: true,
  email: true,
  name: true,
  emailConfirmedAt: true,
  invitedAt: true,
  lastSignInAt: true,
  emailChange: true,
  createdAt: true,
  updatedAt: true,
  identities: {
    select: {
      id: true,
      provider: true,
      providerId: true,
      identityData: true,
      lastSignInAt: true,
      createdAt: true,
      updatedAt: true,
    },
    orderBy: { createdAt: 'asc' },
  },
  factors: {
    select: { id: true, friendlyName: true, status: true, createdAt: true, updatedAt: true },
    orderBy: { createdAt: 'asc' },
  },
} satisfies Prisma.UserSelect;

export type UserViewRow = Prisma.UserGetPayload<{ select: typeof userViewSelect }>;

export async function loadUserView(prisma: Database, userId: string): Promise<UserViewRow | null> {
  return prisma.user.findUnique({ where: { id: userId }, select: userViewSelect });
}

export function providersOf(user: Pick<UserViewRow, 'identities'>): string[] {
  const providers = [...new Set(user.identities.map((identity) => identity.provider))];
  return providers.length > 0 ? providers : ['email'];
}

const iso = (date: Date | null) => (date ? { value: date.toISOString() } : null);

/** The user as GoTrue answers it: auth-js reads `identities`, `factors` and the metadata from it. */
export function toAuthUser(user: UserViewRow): AuthUser {
  const confirmed = iso(user.emailConfirmedAt);
  const emailIdentityData = {
    sub: user.id,
    email: user.email,
    email_verified: confirmed !== null,
    phone_verified: false,
  };
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    phone: '',
    ...(confirmed ? { email_confirmed_at: confirmed.value, confirmed_at: confirmed.value } : {}),
    ...(user.invitedAt ? { invited_at: user.invitedAt.toISOString() } : {}),
    ...(user.lastSignInAt ? { last_sign_in_at: user.lastSignInAt.toISOString() } : {}),
    ...(user.emailChange ? { new_email: user.emailChange } : {}),
    app_metadata: { provider: providersOf(user)[0]!, providers: providersOf(user) },
    user_metadata: { ...emailIdentityData, ...(user.name ? { name: user.name } : {}) },
    identities: user.identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.providerId,
      user_id: user.id,
      identity_data:
        identity.provider === 'email' ? emailIdentityData : (identity.identityData as Record<string, unknown>),
      provider: identity.provider,
      email: user.email,
      ...(identity.lastSignInAt ? { last_sign_in_at: identity.lastSignInAt.toISOString() } : {}),
      created_at: identity.createdAt.toISOString(),
      updated_at: identity.updatedAt.toISOString(),
    })),
    factors: user.factors.map((factor) => ({
      id: factor.id,
      ...(factor.friendlyName ? { friendly_name: factor.friendlyName } : {}),
      factor_type: 'totp' as const,
      status: factor.status,
      created_at: factor.createdAt.toISOString(),
      updated_at: factor.updatedAt.toISOString(),
    })),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}
