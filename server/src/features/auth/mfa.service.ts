import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AuthSessionResponse, enrollBodySchema } from '#contract/auth.ts';
import { consume, type AuthDeps } from './auth-deps.ts';
import { AppError } from '../../errors.ts';
import { beginCredentialCheck, rememberSignInAddress } from './credential-limits.ts';
import type { AuthenticatedRequest } from './auth-http.ts';
import {
  amrJson,
  amrOf,
  reissueRefreshToken,
  revokeSessions,
  sessionResponse,
  type ClientInfo,
} from './sessions.service.ts';
import { matchTotp, newTotpSecret, totpQrSvg, totpUri } from './totp.ts';

const factorNotFound = () => new AppError('mfa_factor_not_found', 'Factor not found');
const secretContext = (factorId: string) => `mfa_factor:${factorId}`;

async function findFactor(deps: AuthDeps, auth: AuthenticatedRequest, factorId: string) {
  const factor = await deps.prisma.mfaFactor.findUnique({
    where: { id: factorId },
    select: { id: true, userId: true, status: true, secretEncrypted: true, lastUsedStep: true },
  });
  // Another user's factor answers like a missing one.
  if (!factor || factor.userId !== auth.userId) throw factorNotFound();
  return factor;
}

/**
 * Starts a TOTP factor (unverified until its first code). With a verified factor already there, adding one
 * needs aal2. The secret is sealed with the server key, bound to the factor's id.
 */
export async function enrollTotp(deps: AuthDeps, auth: AuthenticatedRequest, input: z.output<typeof enrollBodySchema>) {
  const { prisma, settings } = deps;
  const factors = await prisma.mfaFactor.findMany({
    where: { userId: auth.userId },
    select: { id: true, status: true, friendlyName: true, createdAt: true },
  });
  if (factors.some((factor) => factor.status === 'verified') && auth.aal !== 'aal2') {
    throw new AppError('insufficient_aal', 'AAL2 required to enroll a new factor');
  }
  const friendlyName = input.friendly_name || null;
  if (friendlyName && factors.some((factor) => factor.friendlyName === friendlyName)) {
    throw new AppError('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" already exists`);
  }
  // Enrolments abandoned for a day are cleared rather than counted against the limit.
  const stale = factors.filter(
    (factor) => factor.status === 'unverified' && deps.clock.now() - factor.createdAt.getTime() > 24 * 3600 * 1000,
  );
  if (stale.length > 0) await prisma.mfaFactor.deleteMany({ where: { id: { in: stale.map((factor) => factor.id) } } });
  if (factors.length - stale.length >= settings.maxFactors) {
    throw new AppError('too_many_enrolled_mfa_factors', `A user can have at most ${settings.maxFactors} factors`);
  }
  const id = randomUUID();
  const secret = newTotpSecret();
  const uri = totpUri({ issuer: input.issuer ?? 'Polyblok', label: auth.email, secret });
  const now = new Date(deps.clock.now());
  await prisma.mfaFactor.create({
    data: {
      id,
      userId: auth.userId,
      friendlyName,
      factorType: 'totp',
      secretEncrypted: deps.box.seal(secret, secretContext(id)),
      createdAt: now,
    },
    select: { id: true },
  });
  return {
    id,
    type: 'totp' as const,
    ...(friendlyName ? { friendly_name: friendlyName } : {}),
    totp: { qr_code: await totpQrSvg(uri), secret, uri },
  };
}

export async function challengeFactor(
  deps: AuthDeps,
  auth: AuthenticatedRequest,
  factorId: string,
  client: ClientInfo,
) {
  await consume(deps, 'mfaPerIp', client.ip);
  await findFactor(deps, auth, factorId);
  const now = deps.clock.now();
  const challenge = await deps.prisma.mfaChallenge.create({
    data: { factorId, ip: client.ip, createdAt: new Date(now) },
    select: { id: true },
  });
  return {
    id: challenge.id,
    type: 'totp' as const,
    expires_at: Math.floor(now / 1000) + deps.settings.mfaChallengeSeconds,
  };
}

const verificationFailed = () => new AppError('mfa_verification_failed', 'Invalid TOTP code entered');

/**
 * Checks a code against a challenge. On success the factor is verified, the session becomes aal2 with a new
 * token pair (the client emits MFA_CHALLENGE_VERIFIED), and the user's other aal1 sessions end, as in GoTrue.
 * A time step is accepted once per factor: the code just used, or an older one, is refused from then on.
 * Wrong codes count against the credential limits of the user and the client address.
 */
export async function verifyFactor(
  deps: AuthDeps,
  auth: AuthenticatedRequest,
  factorId: string,
  input: { challengeId: string; code: string },
  client: ClientInfo,
): Promise<AuthSessionResponse> {
  const { prisma } = deps;
  await consume(deps, 'mfaPerIp', client.ip);
  const factor = await findFactor(deps, auth, factorId);
  const challenge = await prisma.mfaChallenge.findUnique({
    where: { id: input.challengeId },
    select: { id: true, factorId: true, ip: true, createdAt: true, verifiedAt: true },
  });
  if (!challenge || challenge.factorId !== factor.id || challenge.verifiedAt) {
    throw new AppError('mfa_challenge_expired', 'MFA challenge not found or already used; create a new challenge');
  }
  const now = deps.clock.now();
  if (now - challenge.createdAt.getTime() > deps.settings.mfaChallengeSeconds * 1000) {
    throw new AppError('mfa_challenge_expired', 'MFA challenge has expired; create a new challenge');
  }
  if (challenge.ip !== client.ip) {
    throw new AppError('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch');
  }
  const attempt = await beginCredentialCheck(deps, 'totp', auth.userId, client.ip);
  const secret = deps.box.open(factor.secretEncrypted, secretContext(factor.id));
  const lastStep = factor.lastUsedStep === null ? null : Number(factor.lastUsedStep);
  const step = await matchTotp({ secret, code: input.code.trim(), nowMs: now, afterStep: lastStep });
  if (step === null) throw verificationFailed();
  // Claims the step in one conditional update, so two requests with the same code cannot both pass.
  const claimed = await prisma.mfaFactor.updateMany({
    where: { id: factor.id, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: BigInt(step) } }] },
    data: {
      lastUsedStep: BigInt(step),
      status: 'verified',
      ...(deps.box.isStale(factor.secretEncrypted)
        ? { secretEncrypted: deps.box.seal(secret, secretContext(factor.id)) }
        : {}),
    },
  });
  if (claimed.count === 0) throw verificationFailed();
  await attempt.succeeded();
  await rememberSignInAddress(deps, [auth.userId], client.ip);
  await prisma.mfaChallenge.update({
    where: { id: challenge.id },
    data: { verifiedAt: new Date(now) },
    select: { id: true },
  });

  const session = await prisma.authSession.findUnique({ where: { id: auth.sessionId }, select: { amr: true } });
  const amr = [
    { method: 'totp', timestamp: Math.floor(now / 1000) },
    ...amrOf(session?.amr).filter((entry) => entry.method !== 'totp'),
  ];
  const upgraded = await prisma.authSession.update({
    where: { id: auth.sessionId },
    data: { aal: 'aal2', amr: amrJson(amr), factorId: factor.id },
    select: { id: true, userId: true, aal: true, amr: true },
  });
  await prisma.mfaFactor.deleteMany({ where: { userId: auth.userId, status: 'unverified', id: { not: factor.id } } });
  await revokeSessions(deps, { userId: auth.userId, exceptId: auth.sessionId, belowAal2: true });
  deps.logger.info({ event: 'mfa_verified', userId: auth.userId, factorId: factor.id }, 'second factor verified');
  return sessionResponse(deps, upgraded, await reissueRefreshToken(deps, auth.sessionId));
}

/**
 * Removes a factor. A verified one needs aal2; the sessions it upgraded drop back to aal1 (with no verified
 * factor left, aal1 is all the API asks for).
 */
export async function unenrollFactor(deps: AuthDeps, auth: AuthenticatedRequest, factorId: string) {
  const factor = await findFactor(deps, auth, factorId);
  if (factor.status === 'verified' && auth.aal !== 'aal2') {
    throw new AppError('insufficient_aal', 'AAL2 required to unenroll a verified factor');
  }
  const sessions = await deps.prisma.authSession.findMany({
    where: { factorId: factor.id },
    select: { id: true, amr: true },
  });
  await deps.prisma.$transaction([
    ...sessions.map((session) =>
      deps.prisma.authSession.update({
        where: { id: session.id },
        data: {
          aal: 'aal1',
          factorId: null,
          amr: amrJson(amrOf(session.amr).filter((entry) => entry.method !== 'totp')),
        },
        select: { id: true },
      }),
    ),
    deps.prisma.mfaFactor.delete({ where: { id: factor.id }, select: { id: true } }),
  ]);
  deps.logger.info({ event: 'mfa_unenrolled', userId: auth.userId, factorId: factor.id }, 'factor removed');
  return { id: factor.id };
}
