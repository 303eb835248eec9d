import type { AuthDeps } from './auth-deps.ts';
import { duration, emailLinkUrl } from './auth-mail.ts';
import { issueLinkToken } from './one-time-tokens.ts';

export interface InvitedAccount {
  id: string;
  name: string | null;
  email: string;
  /**
   * The person cannot sign in yet: no password (an account made by an invitation) or an address never
   * confirmed. Their invitation carries a link that confirms the address and leads to setting a password.
   */
  needsActivation: boolean;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === 'P2002';

/**
 * The account of an invited address. An unknown address gets one without a password (the spec: invited users
 * already have an account and use the set-password flow to activate it); a sign-up with the address then
 * e-mails them how to set their password.
 */
export async function findOrCreateInvitedAccount(deps: AuthDeps, email: string): Promise<InvitedAccount> {
  const select = { id: true, name: true, email: true, passwordHash: true, emailConfirmedAt: true } as const;
  let user = await deps.prisma.user.findUnique({ where: { email }, select });
  if (!user) {
    try {
      user = await deps.prisma.user.create({
        data: {
          email,
          invitedAt: new Date(deps.clock.now()),
          identities: { create: { provider: 'email', providerId: email } },
        },
        select,
      });
    } catch (error) {
      // Invited from two places at once: the other request made the account.
      if (!isUniqueViolation(error)) throw error;
      user = await deps.prisma.user.findUniqueOrThrow({ where: { email }, select });
    }
  }
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    needsActivation: user.passwordHash === null || user.emailConfirmedAt === null,
  };
}

/**
 * The link of an invitation e-mail: it confirms the address, signs the person in and lands on the page where
 * they choose their password (/reset-password, the target of every password link). Only the newest works.
 */
export async function invitationLink(deps: AuthDeps, userId: string, email: string): Promise<string> {
  const token = await issueLinkToken(deps, userId, 'invite', email);
  return emailLinkUrl(deps, token, 'invite', `${deps.siteUrl}/reset-password`);
}

/** How long an invitation link works, as the e-mail says it. */
export function invitationLinkNote(deps: AuthDeps): string {
  return `The link works once, for ${duration(deps.settings.confirmationLinkSeconds)}.`;
}
