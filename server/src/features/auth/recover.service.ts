import { consume, runDetached, type AuthDeps } from './auth-deps.ts';
import { sendRecovery, emailLinkUrl } from './auth-mail.ts';
import { issueLinkToken, lastIssuedAt } from './one-time-tokens.ts';
import type { ClientInfo } from './sessions.service.ts';

/**
 * Sends a password link: a reset for an account with a password, the first password for an invited user.
 * The answer is the same for every address and comes before any work that depends on the address; the
 * per-address cooldown then applies silently (GoTrue's 429 there would reveal that the account exists).
 */
export async function requestRecovery(
  deps: AuthDeps,
  email: string,
  redirectTo: string,
  client: ClientInfo,
): Promise<void> {
  await consume(deps, 'mailPerIp', client.ip);
  await consume(deps, 'mailPerAddress', email, { mail: true, keyIsAddress: true });
  await runDetached(deps, 'recover', async () => {
    const user = await deps.prisma.user.findUnique({
      where: { email },
      select: { id: true, passwordHash: true },
    });
    if (!user) return;
    const last = await lastIssuedAt(deps, user.id, 'recovery');
    if (last !== null && deps.clock.now() - last < deps.settings.mailCooldownSeconds * 1000) return;
    const token = await issueLinkToken(deps, user.id, 'recovery', email);
    await sendRecovery(deps, email, emailLinkUrl(deps, token, 'recovery', redirectTo), user.passwordHash === null);
  });
}
