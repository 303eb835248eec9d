import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { createContext, useContext } from 'react';
import type { AuthActions } from './auth-actions.ts';
import type { AuthClient } from './auth-client.ts';

/** Spec section 4: unknown until the stored session is read, then signed in or signed out. */
export type AuthStatus = 'unknown' | 'signed_in' | 'signed_out';

export interface SessionState {
  status: AuthStatus;
  session: Session | null;
  /** The last session event (INITIAL_SESSION, SIGNED_IN, PASSWORD_RECOVERY, ...); null before the first. */
  lastEvent: AuthChangeEvent | null;
  /** Signed in with a verified factor but not yet through the code step (aal1 where aal2 is next). */
  needsSecondFactor: boolean;
  /** Why the e-mailed link this page was opened with gave no session (used or expired), if it did not. */
  linkError: string | null;
}

export interface AuthContextValue extends SessionState, AuthActions {
  client: AuthClient;
  /**
   * Signs out of this browser, then clears local storage and the query cache even when the
   * service could not be told (spec: a logout failure is only logged).
   */
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export function useSession(): SessionState {
  const { status, session, lastEvent, needsSecondFactor, linkError } = useAuth();
  return { status, session, lastEvent, needsSecondFactor, linkError };
}
