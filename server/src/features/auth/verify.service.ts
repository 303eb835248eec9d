import type { AuthSessionResponse } from '#contract/auth.ts';
import { consume, type AuthDeps } from './auth-deps.ts';
import { AppError } from '../../errors.ts';
import { linkInvalid } from './auth-errors.ts';
import { consumeLinkToken, type ConsumedToken, type LinkKind } from './one-time-tokens.ts';
import { startSession, type ClientInfo } from './sessions.service.ts';

export type VerifyType = 'signup' | 'email' | 'recovery' | 'invite' | 'email_change';

const kindsOf: Record<VerifyType, LinkKind[]> = {
  signup: ['signup'],
  email: ['signup'],
  recovery: ['recovery'],
  invite: ['invite'],
  email_change: ['email_change'],
};

/** The session's first authentication method, as GoTrue names it for each kind of link. */
const methodOf: Record<LinkKind, string> = {
  signup: 'email/signup',
  recovery: 'recovery',
  invite: 'invite',
  email_change: 'email_change',
};

export interface VerifyInput {
  type: VerifyType;
  /** The token from the link (GET form, `token_hash` and `token` of the POST form). */
  token: string;
  /** The POST form's address: the token must have been sent to it. */
  email?: string;
}

/**
 * Uses an e-mailed link once and signs in: a confirmed signup, a recovery (which also proves the mailbox, so
 * an invited user's address becomes confirmed), an invitation, or a confirmed e-mail change.
 */
export async function verifyEmailLink(
  deps: AuthDeps,
  input: VerifyInput,
  client: ClientInfo,
): Promise<AuthSessionResponse> {
  await consume(deps, 'verifyPerIp', client.ip);
  if (input.email !== undefined) await consume(deps, 'verifyPerAddress', input.email, { keyIsAddress: true });
  const used = await consumeLinkToken(deps, input.token, kindsOf[input.type], input.email);
  if (!used) throw linkInvalid();
  await apply(deps, used);
  return startSession(deps, used.userId, methodOf[used.kind as LinkKind], client);
}

async function apply(deps: AuthDeps, used: ConsumedToken): Promise<void> {
  const { prisma } = deps;
  const now = new Date(deps.clock.now());
  if (used.kind !== 'email_change') {
    await prisma.user.updateMany({
      where: { id: used.userId, emailConfirmedAt: null },
      data: { emailConfirmedAt: now },
    });
    return;
  }
  const user = await prisma.user.findUnique({ where: { id: used.userId }, select: { email: true, emailChange: true } });
  if (!user || user.emailChange !== used.relatesTo) throw linkInvalid();
  try {
    await prisma.$transaction([
      prisma.user.update({
        where: { id: used.userId },
        data: { email: used.relatesTo, emailChange: null, emailConfirmedAt: now },
        select: { id: true },
      }),
      prisma.identity.updateMany({
        where: { userId: used.userId, provider: 'email' },
        data: { providerId: used.relatesTo },
      }),
    ]);
  } catch (error) {
    // Someone took the address between the request and the confirmation.
    if ((error as { code?: unknown } | null)?.code === 'P2002') {
      throw new AppError('email_exists', 'A user with this email address has already been registered');
    }
    throw error;
  }
  deps.logger.info({ event: 'email_changed', userId: used.userId }, 'e-mail address changed');
}
