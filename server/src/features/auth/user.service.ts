import type { z } from 'zod';
import type { AuthUser, updateUserBodySchema } from '#contract/auth.ts';
import { consume, type AuthDeps } from './auth-deps.ts';
import { AppError } from '../../errors.ts';
import { tooManyEmails } from './auth-errors.ts';
import type { AuthenticatedRequest } from './auth-http.ts';
import {
  emailLinkUrl,
  sendEmailChange,
  sendEmailChangeNotice,
  sendPasswordChanged,
  sendReauthenticationCode,
} from './auth-mail.ts';
import {
  consumeReauthenticationCode,
  dropPendingTokens,
  issueLinkToken,
  issueReauthenticationCode,
  lastIssuedAt,
} from './one-time-tokens.ts';
import { assertStrongPassword } from './passwords.ts';
import { beginCredentialCheck } from './credential-limits.ts';
import { amrOf, revokeSessions, type ClientInfo } from './sessions.service.ts';
import { loadUserView, toAuthUser } from './user-view.ts';

const userGone = () => new AppError('user_not_found', 'User from sub claim in JWT does not exist');

export async function getUser(deps: AuthDeps, auth: AuthenticatedRequest): Promise<AuthUser> {
  const user = await loadUserView(deps.prisma, auth.userId);
  if (!user) throw userGone();
  return toAuthUser(user);
}

/**
 * Password and e-mail changes need a recent sign-in (ASVS: re-authenticate before changing a factor): a
 * session that authenticated longer ago than `recentSignInSeconds` must bring the code from /reauthenticate.
 */
async function requireRecentAuthentication(
  deps: AuthDeps,
  auth: AuthenticatedRequest,
  nonce: string | undefined,
  client: ClientInfo,
) {
  const session = await deps.prisma.authSession.findUnique({ where: { id: auth.sessionId }, select: { amr: true } });
  const lastAuthenticated = Math.max(0, ...amrOf(session?.amr).map((entry) => entry.timestamp)) * 1000;
  if (deps.clock.now() - lastAuthenticated <= deps.settings.recentSignInSeconds * 1000) return;
  if (nonce === undefined || nonce === '') {
    throw new AppError('reauthentication_needed', 'Password update requires reauthentication');
  }
  const attempt = await beginCredentialCheck(deps, 'reauthentication', auth.userId, client.ip);
  if (!(await consumeReauthenticationCode(deps, auth.userId, nonce.trim()))) {
    throw new AppError('reauthentication_not_valid', 'Requires a valid reauthentication nonce');
  }
  await attempt.succeeded();
}

/**
 * Changes the name, the password (which signs out every other session and voids pending links) or the
 * e-mail address (which takes effect once the new address is confirmed). With a verified second factor,
 * password and e-mail changes need an aal2 session.
 */
export async function updateUser(
  deps: AuthDeps,
  auth: AuthenticatedRequest,
  input: z.output<typeof updateUserBodySchema>,
  redirectTo: string,
  client: ClientInfo,
): Promise<AuthUser> {
  await consume(deps, 'userUpdatePerUser', auth.userId);
  const { prisma } = deps;
  const user = await prisma.user.findUnique({
    where: { id: auth.userId },
    select: {
      id: true,
      email: true,
      passwordHash: true,
      factors: { where: { status: 'verified' }, select: { id: true } },
    },
  });
  if (!user) throw userGone();
  const newEmail = input.email !== undefined && input.email !== user.email ? input.email : undefined;
  const newPassword = input.password;
  if (newPassword !== undefined || newEmail !== undefined) {
    if (user.factors.length > 0 && auth.aal !== 'aal2') {
      throw new AppError(
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
        { status: 401 },
      );
    }
    if (newPassword !== undefined) {
      assertStrongPassword(newPassword);
      if (user.passwordHash && (await deps.passwords.verify(user.passwordHash, newPassword))) {
        throw new AppError('same_password', 'New password should be different from the old password.');
      }
    }
    if (newEmail !== undefined) {
      const taken = await prisma.user.findUnique({ where: { email: newEmail }, select: { id: true } });
      if (taken) throw new AppError('email_exists', 'A user with this email address has already been registered');
    }
    await requireRecentAuthentication(deps, auth, input.nonce, client);
  }

  if (input.data?.name !== undefined) {
    await prisma.user.update({ where: { id: user.id }, data: { name: input.data.name || null }, select: { id: true } });
  }
  if (newPassword !== undefined) {
    const passwordHash = await deps.passwords.hash(newPassword);
    await prisma.user.update({ where: { id: user.id }, data: { passwordHash }, select: { id: true } });
    await revokeSessions(deps, { userId: user.id, exceptId: auth.sessionId });
    await dropPendingTokens(deps, user.id, ['recovery', 'reauthentication', 'invite']);
    deps.logger.info({ event: 'password_changed', userId: user.id }, 'password changed; other sessions revoked');
    if (user.passwordHash) await sendPasswordChanged(deps, user.email);
  }
  if (newEmail !== undefined) {
    await prisma.user.update({ where: { id: user.id }, data: { emailChange: newEmail }, select: { id: true } });
    const token = await issueLinkToken(deps, user.id, 'email_change', newEmail);
    await sendEmailChange(deps, newEmail, emailLinkUrl(deps, token, 'email_change', redirectTo));
    await sendEmailChangeNotice(deps, user.email, newEmail);
  }
  return getUser(deps, auth);
}

/** E-mails a six-digit code that PUT /user takes as `nonce` when the sign-in is not recent. */
export async function reauthenticate(deps: AuthDeps, auth: AuthenticatedRequest): Promise<void> {
  await consume(deps, 'userUpdatePerUser', auth.userId);
  const last = await lastIssuedAt(deps, auth.userId, 'reauthentication');
  if (last !== null && deps.clock.now() - last < deps.settings.mailCooldownSeconds * 1000) throw tooManyEmails();
  const code = await issueReauthenticationCode(deps, auth.userId, auth.email);
  await sendReauthenticationCode(deps, auth.email, code);
}

/** local: this session; others: every other one; global: all of them. */
export async function logout(deps: AuthDeps, auth: AuthenticatedRequest, scope: 'global' | 'local' | 'others') {
  const filter =
    scope === 'local'
      ? { id: auth.sessionId }
      : scope === 'others'
        ? { userId: auth.userId, exceptId: auth.sessionId }
        : { userId: auth.userId };
  await revokeSessions(deps, filter);
}
