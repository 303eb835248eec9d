import { routeUrl } from '#contract/routes.ts';
import { queueMail } from '../mail/index.ts';
import type { AuthDeps } from './auth-deps.ts';
import type { LinkKind } from './one-time-tokens.ts';

/** The link in an e-mail: it opens the verify link on this site, which signs in and lands on `redirectTo`. */
export function emailLinkUrl(deps: AuthDeps, token: string, type: LinkKind, redirectTo: string): string {
  return routeUrl('openEmailLink', { origin: deps.siteUrl, query: { token, type, redirect_to: redirectTo } });
}

const notMe = 'If you did not ask for this, you can ignore this e-mail.';

export function duration(seconds: number): string {
  const [amount, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

const works = (seconds: number, what = 'link') => `The ${what} works once, for ${duration(seconds)}.`;

export async function sendSignupConfirmation(deps: AuthDeps, to: string, link: string): Promise<void> {
  await queueMail(deps, {
    to,
    subject: 'Confirm your e-mail address',
    template: 'signup',
    content: {
      heading: 'Confirm your e-mail address',
      paragraphs: ['Welcome to Polyblok. Confirm your e-mail address to finish creating your account.'],
      action: { label: 'Confirm my e-mail address', url: link },
      notes: [works(deps.settings.confirmationLinkSeconds), notMe],
    },
  });
}

/**
 * Sign-up answers alike for every address, so a taken one hears here what happened: it has an account already
 * (invited people have one before they choose a password), and how to set the password.
 */
export async function sendAccountExists(deps: AuthDeps, to: string): Promise<void> {
  await queueMail(deps, {
    to,
    subject: 'You already have a Polyblok account',
    template: 'signup_existing',
    content: {
      heading: 'You already have a Polyblok account',
      paragraphs: [
        'Someone, maybe you, just tried to sign up for Polyblok with this e-mail address. It already has a Polyblok account, so no new one was made.',
        'If a teammate invited you, your account is waiting for its password. To choose it, or to set a new one if you forgot yours, open the Set Password page and ask for a password link.',
      ],
      action: { label: 'Set my password', url: `${deps.siteUrl}/set-password` },
      notes: ['If this was not you, you can ignore this e-mail: nothing about your account has changed.'],
    },
  });
}

/** A reset for an account with a password; the first password for an invited user who has none yet. */
export async function sendRecovery(deps: AuthDeps, to: string, link: string, firstPassword: boolean): Promise<void> {
  const heading = firstPassword ? 'Set your password' : 'Reset your password';
  await queueMail(deps, {
    to,
    subject: heading,
    template: 'recovery',
    content: {
      heading,
      paragraphs: [
        firstPassword
          ? 'You were invited to Polyblok. Choose a password to activate your account.'
          : 'Someone asked to reset the password of your Polyblok account. Choose a new password with the link below.',
      ],
      action: { label: heading, url: link },
      notes: [works(deps.settings.recoveryLinkSeconds), notMe],
    },
  });
}

export async function sendEmailChange(deps: AuthDeps, to: string, link: string): Promise<void> {
  await queueMail(deps, {
    to,
    subject: 'Confirm your new e-mail address',
    template: 'email_change',
    content: {
      heading: 'Confirm your new e-mail address',
      paragraphs: ['Confirm this address to use it for your Polyblok account from now on.'],
      action: { label: 'Confirm my new address', url: link },
      notes: [works(deps.settings.confirmationLinkSeconds), notMe],
    },
  });
}

export async function sendEmailChangeNotice(deps: AuthDeps, to: string, newAddress: string): Promise<void> {
  await queueMail(deps, {
    to,
    subject: 'Your e-mail address is being changed',
    template: 'email_change_notice',
    content: {
      heading: 'Your e-mail address is being changed',
      paragraphs: [
        `A change of your Polyblok account's e-mail address to ${newAddress} was asked for. It takes effect once the new address is confirmed.`,
      ],
      notes: ['If this was not you, reset your password and contact support.'],
    },
  });
}

export async function sendReauthenticationCode(deps: AuthDeps, to: string, code: string): Promise<void> {
  await queueMail(deps, {
    to,
    subject: 'Your verification code',
    template: 'reauthentication',
    content: {
      heading: 'Your verification code',
      paragraphs: ['Enter this code in Polyblok to confirm it is you.'],
      code,
      notes: [works(deps.settings.reauthenticationCodeSeconds, 'code'), notMe],
    },
  });
}

export async function sendPasswordChanged(deps: AuthDeps, to: string): Promise<void> {
  await queueMail(deps, {
    to,
    subject: 'Your password was changed',
    template: 'password_changed',
    content: {
      heading: 'Your password was changed',
      paragraphs: ['The password of your Polyblok account was just changed, and your other sessions were signed out.'],
      notes: ['If this was not you, reset your password right away and contact support.'],
    },
  });
}
