import { AuthInvalidCredentialsError } from '@supabase/auth-js';
import type { AuthClient } from './auth-client.ts';
import { needsSecondFactor } from './assurance.ts';

/** Spec section 5: what signing in without an e-mail address or a password answers. */
export const MISSING_CREDENTIALS_MESSAGE = 'You must provide either an email or phone number and a password';

export interface TotpEnrolment {
  factorId: string;
  /** The QR code as an SVG document, ready for an `<img>` data URL. */
  qrCodeSvg: string;
  /** The base32 secret, for authenticator apps that cannot scan. */
  secret: string;
  /** The otpauth:// URI the QR code encodes. */
  uri: string;
}

export interface AuthActions {
  /** Resolves with whether the user must still pass the code step (a verified factor exists). */
  signIn(email: string, password: string): Promise<{ needsSecondFactor: boolean }>;
  /** Challenges the user's verified TOTP factor and verifies the code; the session becomes aal2. */
  verifySecondFactor(code: string): Promise<void>;
  /** Resolves with whether a session came back at once (a service that does not confirm e-mail). */
  signUp(email: string, password: string): Promise<{ signedIn: boolean }>;
  sendPasswordLink(email: string): Promise<void>;
  updatePassword(password: string): Promise<void>;
  /** The name the person goes by in lists, the editor and e-mails; empty clears it. */
  updateDisplayName(name: string): Promise<void>;
  startTotpEnrolment(): Promise<TotpEnrolment>;
  confirmTotpEnrolment(factorId: string, code: string): Promise<void>;
  cancelTotpEnrolment(factorId: string): Promise<void>;
  removeFactor(factorId: string): Promise<void>;
}

const SVG_DATA_PREFIX = /^data:image\/svg\+xml[^,]*,/;

/** auth-js prefixes the SVG with a data-URL header without encoding it; a '#' in it would cut the URL short. */
export function svgFromQrCode(qrCode: string): string {
  return qrCode.replace(SVG_DATA_PREFIX, '');
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The auth use cases of the screens, each throwing the auth-js error so callers (react-query
 * mutations) get their pending and error states for free. `siteUrl` is where e-mailed links lead back.
 */
export function createAuthActions(client: AuthClient, siteUrl: string): AuthActions {
  async function currentSession() {
    const { data, error } = await client.getSession();
    if (error) throw error;
    return data.session;
  }

  return {
    async signIn(email, password) {
      // Spec section 5: an empty form is refused with the auth client's own words, before any request.
      if (email === '' || password === '') throw new AuthInvalidCredentialsError(MISSING_CREDENTIALS_MESSAGE);
      const { data, error } = await client.signInWithPassword({ email, password });
      if (error) throw error;
      return { needsSecondFactor: needsSecondFactor(data.session) };
    },

    async verifySecondFactor(code) {
      const session = await currentSession();
      const factor = session?.user.factors?.find((item) => item.factor_type === 'totp' && item.status === 'verified');
      if (!factor) throw new Error('No authenticator app is set up for this account.');
      const { error } = await client.mfa.challengeAndVerify({ factorId: factor.id, code });
      if (error) throw error;
    },

    async signUp(email, password) {
      const { data, error } = await client.signUp({
        email,
        password,
        options: { emailRedirectTo: `${siteUrl}/login` },
      });
      if (error) throw error;
      return { signedIn: data.session !== null };
    },

    async sendPasswordLink(email) {
      const { error } = await client.resetPasswordForEmail(email, { redirectTo: `${siteUrl}/reset-password` });
      if (error) throw error;
    },

    async updatePassword(password) {
      const { error } = await client.updateUser({ password });
      if (error) throw error;
    },

    async updateDisplayName(name) {
      const { error } = await client.updateUser({ data: { name: name.trim() } });
      if (error) throw error;
    },

    async startTotpEnrolment() {
      // An enrolment abandoned earlier (tab closed before the code) would clash with the new one.
      const listed = await client.mfa.listFactors();
      if (listed.error) throw listed.error;
      for (const factor of listed.data.all) {
        if (factor.status === 'unverified') await client.mfa.unenroll({ factorId: factor.id });
      }
      const { data, error } = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
      if (error) throw error;
      return {
        factorId: data.id,
        qrCodeSvg: svgFromQrCode(data.totp.qr_code),
        secret: data.totp.secret,
        uri: data.totp.uri,
      };
    },

    async confirmTotpEnrolment(factorId, code) {
      const { error } = await client.mfa.challengeAndVerify({ factorId, code });
      if (error) throw error;
    },

    async cancelTotpEnrolment(factorId) {
      const { error } = await client.mfa.unenroll({ factorId });
      // Left behind, it is removed before the next enrolment anyway.
      if (error) console.warn('Could not remove the unfinished authenticator enrolment', error);
    },

    async removeFactor(factorId) {
      const { error } = await client.mfa.unenroll({ factorId });
      if (error) throw error;
      // The server downgrades the session; a refresh brings the aal1 token and the user without the factor.
      const refreshed = await client.refreshSession();
      if (refreshed.error) throw refreshed.error;
    },
  };
}
