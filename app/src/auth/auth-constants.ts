/** The e-mail fields' placeholder on every auth screen. */
export const EMAIL_PLACEHOLDER = 'you@company.com';
