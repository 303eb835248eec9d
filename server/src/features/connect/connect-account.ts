import { type AuthDeps, duration, findOrCreateInvitedAccount, invitationLink } from '../auth/index.ts';
import { queueMail } from '../mail/index.ts';

export interface StoryblokUser {
  id: number;
  name: string;
  /** As Storyblok names it for this user (owner or collaborator record), lower-cased. */
  email: string;
}

export interface MatchedAccount {
  userId: string;
  /** The account was made or first linked now and cannot sign in with a password yet: an e-mail went out. */
  invited: boolean;
}

const PROVIDER = 'storyblok';

/**
 * The Polyblok account of a Storyblok user. A user who came through Storyblok before is known by their
 * Storyblok id (so a later change of address in Polyblok keeps the link); otherwise the e-mail address decides,
 * and an unknown address gets an account the way an invitation makes one. Whoever cannot sign in with a password
 * yet gets the invitation's set-password link once, when the link is made, to use Polyblok outside Storyblok.
 */
export async function matchAccount(deps: AuthDeps, user: StoryblokUser): Promise<MatchedAccount> {
  const now = new Date(deps.clock.now());
  const identityData = { name: user.name, email: user.email };
  const linked = await deps.prisma.identity.findUnique({
    where: { provider_providerId: { provider: PROVIDER, providerId: String(user.id) } },
    select: { id: true, userId: true },
  });
  if (linked) {
    await deps.prisma.identity.update({
      where: { id: linked.id },
      data: { lastSignInAt: now, identityData },
      select: { id: true },
    });
    return { userId: linked.userId, invited: false };
  }

  const account = await findOrCreateInvitedAccount(deps, user.email);
  await deps.prisma.identity.upsert({
    where: { provider_providerId: { provider: PROVIDER, providerId: String(user.id) } },
    create: { userId: account.id, provider: PROVIDER, providerId: String(user.id), identityData, lastSignInAt: now },
    update: { lastSignInAt: now, identityData },
    select: { id: true },
  });
  if (!account.name && user.name) {
    await deps.prisma.user.update({ where: { id: account.id }, data: { name: user.name }, select: { id: true } });
  }
  if (account.needsActivation) await sendWelcome(deps, account.id, user.email);
  return { userId: account.id, invited: account.needsActivation };
}

async function sendWelcome(deps: AuthDeps, userId: string, email: string): Promise<void> {
  const link = await invitationLink(deps, userId, email);
  await queueMail(deps, {
    to: email,
    subject: 'Your Polyblok account',
    template: 'storyblok_welcome',
    content: {
      heading: 'Welcome to Polyblok',
      paragraphs: [
        'You signed in to Polyblok from Storyblok, so Polyblok made an account for this address. You can keep ' +
          'translating inside Storyblok without doing anything else.',
        'To use the Polyblok web app as well, choose a password for your account.',
      ],
      action: { label: 'Set your password', url: link },
      notes: [
        `The link works once, for ${duration(deps.settings.confirmationLinkSeconds)}.`,
        'If you did not sign in to Polyblok from Storyblok, you can ignore this e-mail.',
      ],
    },
  });
}
