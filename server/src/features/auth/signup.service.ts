import type { z } from 'zod';
import type { AuthUser, resendBodySchema, signupBodySchema } from '#contract/auth.ts';
import { consume, runDetached, type AuthDeps } from './auth-deps.ts';
import { AppError } from '../../errors.ts';
import { sendEmailChange, sendSignupConfirmation, emailLinkUrl } from './auth-mail.ts';
import { issueLinkToken, lastIssuedAt } from './one-time-tokens.ts';
import { assertStrongPassword } from './passwords.ts';
import type { ClientInfo } from './sessions.service.ts';
import { loadUserView, toAuthUser } from './user-view.ts';

const alreadyRegistered = () => new AppError('user_already_registered', 'User already registered');

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === 'P2002';

/**
 * Creates an account and e-mails its confirmation link. A taken address answers user_already_registered (the
 * spec's invited-user view needs it); an address that signed up but never confirmed gets a new link and the
 * new password, since nobody could sign in with the old one.
 */
export async function signUp(
  deps: AuthDeps,
  input: z.output<typeof signupBodySchema>,
  redirectTo: string,
  client: ClientInfo,
): Promise<AuthUser> {
  consume(deps, 'mailPerIp', client.ip);
  consume(deps, 'mailPerAddress', input.email, { mail: true, keyIsAddress: true });
  assertStrongPassword(input.password);
  const { prisma } = deps;
  const existing = await prisma.user.findUnique({
    where: { email: input.email },
    select: { id: true, emailConfirmedAt: true, invitedAt: true, passwordHash: true },
  });
  if (existing && (existing.emailConfirmedAt || existing.invitedAt || !existing.passwordHash)) {
    throw alreadyRegistered();
  }
  const passwordHash = await deps.passwords.hash(input.password);
  const name = input.data?.name || null;
  let userId: string;
  if (existing) {
    userId = existing.id;
    await prisma.user.update({ where: { id: userId }, data: { passwordHash, name }, select: { id: true } });
  } else {
    try {
      const created = await prisma.user.create({
        data: {
          email: input.email,
          name,
          passwordHash,
          identities: { create: { provider: 'email', providerId: input.email } },
        },
        select: { id: true },
      });
      userId = created.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyRegistered();
      throw error;
    }
  }
  const token = await issueLinkToken(deps, userId, 'signup', input.email);
  await sendSignupConfirmation(deps, input.email, emailLinkUrl(deps, token, 'signup', redirectTo));
  const user = await loadUserView(prisma, userId);
  return toAuthUser(user!);
}

/**
 * Sends the signup confirmation (or the e-mail change confirmation) again. The answer is the same whatever
 * the address: the work happens after it, and nothing is sent within the cooldown of the previous mail.
 */
export function resend(
  deps: AuthDeps,
  input: z.output<typeof resendBodySchema>,
  redirectTo: string,
  client: ClientInfo,
): void {
  consume(deps, 'mailPerIp', client.ip);
  consume(deps, 'mailPerAddress', input.email, { mail: true, keyIsAddress: true });
  runDetached(deps, 'resend', async () => {
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
