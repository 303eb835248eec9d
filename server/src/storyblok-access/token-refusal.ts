import type { Database } from '../db/prisma.ts';
import { AppError } from '../errors.ts';
import { queueMail, type MailDeps } from '../features/mail/index.ts';
import { spaceAdmins } from '../features/members/index.ts';

/** The spec's tooltip: what a person is told when an action waits for a working token. */
export const TOKEN_ISSUE_MESSAGE = 'Sync has been stopped with the Storyblok Space, please provide a valid token';

export const TOKEN_REFUSED_REASON =
  'Storyblok refused the token (401: it is wrong, expired or revoked): syncing and writing back wait until an ' +
  'admin gives the space a new one in its settings.';

export const TOKEN_FORBIDDEN_REASON =
  'Storyblok does not let the space’s token access the space or do this (403): its user may have lost access, or ' +
  'their role there may not allow it. Syncing and writing back wait until an admin gives the space, in its ' +
  'settings, a token of a Storyblok user who is an admin of the space.';

export const SPACE_VANISHED_REASON =
  'Storyblok no longer has this space for its token (404: the space was deleted in Storyblok, or the token lost ' +
  'access to it): syncing and writing back wait until an admin gives the space a working token in its settings.';

export interface RefusalDeps extends MailDeps {
  prisma: Database;
  /** Public origin of the web app, for the link in the admins' e-mail. */
  siteUrl: () => string;
}

/**
 * Storyblok refused the space's token, or no longer has the space: the space is flagged (syncing and writing
 * back stop, the screens show the Invalid Token warning) and, the first time, its admins and owners are told by
 * e-mail what to do. Answers the error that ends the work that met the refusal; retrying it cannot help.
 */
export async function refuseSpaceToken(deps: RefusalDeps, spaceId: number, reason: string): Promise<AppError> {
  const flagged = await deps.prisma.space.updateMany({
    where: { id: spaceId, hasTokenIssue: false },
    data: { hasTokenIssue: true },
  });
  if (flagged.count > 0) await tellAdmins(deps, spaceId, reason);
  return new AppError('token_issue', reason);
}

async function tellAdmins(deps: RefusalDeps, spaceId: number, reason: string): Promise<void> {
  const admins = await spaceAdmins(deps.prisma, spaceId);
  if (!admins) return;
  await deps.prisma.auditEvent.create({
    data: { spaceId, action: 'token.refused', data: { reason } },
    select: { id: true },
  });
  for (const email of admins.emails) {
    await queueMail(deps, {
      to: email,
      subject: `Syncing ${admins.spaceName} with Storyblok has stopped`,
      template: 'token_refused',
      content: {
        heading: `Syncing ${admins.spaceName} with Storyblok has stopped`,
        paragraphs: [
          reason,
          'Translators can keep working meanwhile: what they save is written to Storyblok once the space has a working token.',
          'Give the space a new personal access token in its settings, or install the Polyblok app in the Storyblok space again.',
        ],
        action: { label: 'Open the settings', url: `${deps.siteUrl()}/spaces/${spaceId}/settings` },
        notes: ['You receive this because you are an admin or an owner of the space.'],
      },
    });
  }
}
