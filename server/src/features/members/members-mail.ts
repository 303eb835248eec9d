import { roleWithArticle, type Role } from '#contract/roles.ts';
import { queueMail, type MailDeps } from '../mail/index.ts';

const notExpected = 'If you did not expect this invitation, you can ignore this e-mail.';

export interface InvitationMail {
  to: string;
  spaceName: string;
  /** The inviter's name, or their address when they have none. */
  inviter: string;
  role: Role;
}

/** An invitation e-mail: who invites to which space with which role, then what to do next. */
async function sendInvitationMail(
  deps: MailDeps,
  mail: InvitationMail,
  next: { paragraph: string; action: { label: string; url: string }; notes: string[] },
): Promise<void> {
  await queueMail(deps, {
    to: mail.to,
    subject: `Join ${mail.spaceName}`,
    template: 'membership_invite',
    content: {
      heading: `Join ${mail.spaceName} on Polyblok`,
      paragraphs: [
        `${mail.inviter} invited you to join ${mail.spaceName} as ${roleWithArticle(mail.role)}.`,
        next.paragraph,
      ],
      action: next.action,
      notes: [...next.notes, notExpected],
    },
  });
}

/**
 * For an account that cannot sign in yet: the link confirms the address and leads to choosing a password,
 * after which the space waits on the spaces list with Join and Decline.
 */
export async function sendActivationInvitation(
  deps: MailDeps,
  mail: InvitationMail & { link: string; linkNote: string; setPasswordUrl: string },
): Promise<void> {
  await sendInvitationMail(deps, mail, {
    paragraph:
      'An account was made for this address. Choose a password to activate it, then join the space from your list of spaces.',
    action: { label: 'Choose my password', url: mail.link },
    notes: [
      mail.linkNote,
      `Once it has expired, ask for a new one at ${mail.setPasswordUrl} with this e-mail address.`,
    ],
  });
}

/** For someone who already uses Polyblok: the invitation waits on their spaces list. */
export async function sendInvitation(deps: MailDeps, mail: InvitationMail & { appUrl: string }): Promise<void> {
  await sendInvitationMail(deps, mail, {
    paragraph: 'Open Polyblok and choose Join on the space in your list of spaces (or Decline if it is not for you).',
    action: { label: 'Open Polyblok', url: mail.appUrl },
    notes: [],
  });
}

/** To the space's admins and owners when someone who added the same Storyblok space asks to join. */
export async function sendRequestNotice(
  deps: MailDeps,
  mail: { to: string; spaceName: string; requester: string; membersUrl: string },
): Promise<void> {
  await queueMail(deps, {
    to: mail.to,
    subject: `${mail.requester} asks to join ${mail.spaceName}`,
    template: 'membership_request',
    content: {
      heading: `${mail.requester} asks to join ${mail.spaceName}`,
      paragraphs: [
        `${mail.requester} added the Storyblok space ${mail.spaceName} to Polyblok, where your team already translates it, and asks to join.`,
        'Approve the request with a role, or reject it, on the Requesting access tab of the Users page.',
      ],
      action: { label: 'Review the request', url: mail.membersUrl },
      notes: ['You receive this because you are an admin or an owner of the space.'],
    },
  });
}

/** To the person whose request to join was approved. */
export async function sendApproval(
  deps: MailDeps,
  mail: { to: string; spaceName: string; role: Role; spaceUrl: string },
): Promise<void> {
  await queueMail(deps, {
    to: mail.to,
    subject: `You joined ${mail.spaceName}`,
    template: 'membership_approved',
    content: {
      heading: `You joined ${mail.spaceName}`,
      paragraphs: [
        `Your request to join ${mail.spaceName} was approved: you are ${roleWithArticle(mail.role)} of the space now.`,
      ],
      action: { label: `Open ${mail.spaceName}`, url: mail.spaceUrl },
    },
  });
}
