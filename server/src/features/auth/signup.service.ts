import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AuthUser, resendBodySchema, signupBodySchema } from '#contract/auth.ts';
import { consume, runDetached, type AuthDeps } from './auth-deps.ts';
import { emailLinkUrl, sendAccountExists, sendEmailChange, sendSignupConfirmation } from './auth-mail.ts';
import { issueLinkToken, lastIssuedAt } from './one-time-tokens.ts';
import { assertStrongPassword } from './passwords.ts';
import type { ClientInfo } from './sessions.service.ts';
import { toAuthUser, type UserViewRow } from './user-view.ts';

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === 'P2002';

/**
 * Creates an account and e-mails its confirmation link. The answer is the same for every address, as GoTrue's
 * is with confirmations on: a new, unconfirmed user, built before anything depends on the address, after the
 * same work (the password's hash). What the address calls for happens after the answer: a new account; for an
 * address that signed up but never confirmed, a new link and the new password (nobody could sign in with the
 * old one); for a taken address (confirmed, or invited and waiting for its password), an e-mail saying it
 * already has an account and how to set its password.
 */
export async function signUp(
  deps: AuthDeps,
  input: z.output<typeof signupBodySchema>,
  redirectTo: string,
  client: ClientInfo,
): Promise<AuthUser> {
  await consume(deps, 'mailPerIp', client.ip);
  await consume(deps, 'mailPerAddress', input.email, { mail: true, keyIsAddress: true });
  assertStrongPassword(input.password);
  const passwordHash = await deps.passwords.hash(input.password);
  const now = new Date(deps.clock.now());
  const user = newUserView({
    id: randomUUID(),
    identityId: randomUUID(),
    email: input.email,
    name: input.data?.name || null,
    at: now,
  });
  await runDetached(deps, 'signup', () => register(deps, user, passwordHash, redirectTo));
  return toAuthUser(user);
}

/** The user a sign-up answers, and the one it creates when the address is new. */
function newUserView(input: {
  id: string;
  identityId: string;
  email: string;
  name: string | null;
  at: Date;
}): UserViewRow {
  return {
    id: input.id,
    email: input.email,
    name: input.name,
    emailConfirmedAt: null,
    invitedAt: null,
    lastSignInAt: null,
    emailChange: null,
    createdAt: input.at,
    updatedAt: input.at,
    identities: [
      {
        id: input.identityId,
        provider: 'email',
        providerId: input.email,
        identityData: {},
        lastSignInAt: null,
        createdAt: input.at,
        updatedAt: input.at,
      },
    ],
    factors: [],
  };
}

async function register(deps: AuthDeps, user: UserViewRow, passwordHash: string, redirectTo: string): Promise<void> {
  const { prisma } = deps;
  const existing = await prisma.user.findUnique({
    where: { email: user.email },
    select: { id: true, emailConfirmedAt: true, invitedAt: true, passwordHash: true },
  });
  if (existing && (existing.emailConfirmedAt || existing.invitedAt || !existing.passwordHash)) {
    await tellAccountExists(deps, existing.id, user.email);
    return;
  }
  let userId = user.id;
  if (existing) {
    userId = existing.id;
    await prisma.user.update({ where: { id: userId }, data: { passwordHash, name: user.name }, select: { id: true } });
  } else {
    const identity = user.identities[0]!;
    try {
      await prisma.user.create({
        data: {
          id: user.id,
          email: user.email,
          name: user.name,
          passwordHash,
          createdAt: user.createdAt,
          identities: { create: { id: identity.id, provider: 'email', providerId: user.email } },
        },
        select: { id: true },
      });
    } catch (error) {
      // The same address signed up twice at once: the other sign-up made the account and sends its link.
      if (isUniqueViolation(error)) return;
      throw error;
    }
  }
  const token = await issueLinkToken(deps, userId, 'signup', user.email);
  await sendSignupConfirmation(deps, user.email, emailLinkUrl(deps, token, 'signup', redirectTo));
}

/** At most one such e-mail per address within the mail cooldown, whatever the number of sign-ups. */
async function tellAccountExists(deps: AuthDeps, userId: string, email: string): Promise<void> {
  const since = new Date(deps.clock.now() - deps.settings.mailCooldownSeconds * 1000);
  const recent = await deps.prisma.emailMessage.findFirst({
    where: { to: email, template: 'signup_existing', createdAt: { gt: since } },
    select: { id: true },
  });
  if (recent) return;
  deps.logger.info({ event: 'signup_existing', userId }, 'sign-up for an address that has an account');
  await sendAccountExists(deps, email);
}

/**
 * Sends the signup confirmation (or the e-mail change confirmation) again. The answer is the same whatever
 * the address: the work happens after it, and nothing is sent within the cooldown of the previous mail.
 */
export async function resend(
  deps: AuthDeps,
  input: z.output<typeof resendBodySchema>,
  redirectTo: string,
  client: ClientInfo,
): Promise<void> {
  await consume(deps, 'mailPerIp', client.ip);
  await consume(deps, 'mailPerAddress', input.email, { mail: true, keyIsAddress: true });
  await runDetached(deps, 'resend', async () => {
    const user = await deps.prisma.user.findUnique({
      where: { email: input.email },
      select: { id: true, emailConfirmedAt: true, passwordHash: true, emailChange: true },
    });
    if (!user) return;
    const kind = input.type;
    if (kind === 'signup' && (user.emailConfirmedAt || !user.passwordHash)) return;
    if (kind === 'email_change' && !user.emailChange) return;
    const last = await lastIssuedAt(deps, user.id, kind);
    if (last !== null && deps.clock.now() - last < deps.settings.mailCooldownSeconds * 1000) return;
    if (kind === 'signup') {
      const token = await issueLinkToken(deps, user.id, 'signup', input.email);
      await sendSignupConfirmation(deps, input.email, emailLinkUrl(deps, token, 'signup', redirectTo));
    } else {
      const token = await issueLinkToken(deps, user.id, 'email_change', user.emailChange!);
      await sendEmailChange(deps, user.emailChange!, emailLinkUrl(deps, token, 'email_change', redirectTo));
    }
  });
}
