import type { AuthSessionResponse } from '#contract/auth.ts';
import { consume, type AuthDeps } from './auth-deps.ts';
import { AppError } from '../../errors.ts';
import { invalidCredentials } from './auth-errors.ts';
import { beginCredentialCheck, rememberSignInAddress } from './credential-limits.ts';
import { startSession, type ClientInfo } from './sessions.service.ts';

/**
 * The password grant. An unknown address, an account without a password and a wrong password get the same
 * answer after the same work (one argon2 verify), and count against the same limits (keyed by the e-mail
 * address, not the account), so neither the answer, its timing nor the 429 tells whether the address has an
 * account. "Email not confirmed" comes only after the right password.
 */
export async function passwordGrant(
  deps: AuthDeps,
  email: string,
  password: string,
  client: ClientInfo,
): Promise<AuthSessionResponse> {
  await consume(deps, 'tokenPerIp', client.ip);
  const address = email.trim().toLowerCase();
  const attempt = await beginCredentialCheck(deps, 'password', address, client.ip);
  const user = await deps.prisma.user.findUnique({
    where: { email: address },
    select: { id: true, passwordHash: true, emailConfirmedAt: true },
  });
  const valid = await deps.passwords.verify(user?.passwordHash ?? null, password);
  if (!user || !valid) {
    deps.logger.info({ event: 'sign_in_failed' }, 'sign-in failed');
    throw invalidCredentials();
  }
  await attempt.succeeded();
  if (!user.emailConfirmedAt) throw new AppError('email_not_confirmed', 'Email not confirmed');
  if (deps.passwords.needsRehash(user.passwordHash!)) {
    const passwordHash = await deps.passwords.hash(password);
    await deps.prisma.user.update({ where: { id: user.id }, data: { passwordHash }, select: { id: true } });
  }
  await deps.prisma.identity.updateMany({
    where: { userId: user.id, provider: 'email' },
    data: { lastSignInAt: new Date(deps.clock.now()) },
  });
  await rememberSignInAddress(deps, [address, user.id], client.ip);
  deps.logger.info({ event: 'sign_in', userId: user.id }, 'signed in with a password');
  return startSession(deps, user.id, 'password', client);
}
