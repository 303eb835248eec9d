/**
 * Build-time settings of the web app (Vite exposes only VITE_* variables to the browser); the
 * defaults are the public Polyblok addresses.
 */
export const appConfig = {
  /** The marketing site the auth screens' 'Back to home' link leads to. */
  marketingUrl: import.meta.env.VITE_MARKETING_URL || 'https://polyblok.com',
  /** Where the support page and 'Need help?' send users. */
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'support@polyblok.com',
} as const;
