import { isAuthImplicitGrantRedirectError, type AuthChangeEvent, type Session } from '@supabase/auth-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createAuthActions } from './auth-actions.ts';
import type { AuthClient } from './auth-client.ts';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context.ts';
import { forgetPreferences } from '../data/preferences.ts';
import { needsSecondFactor } from './assurance.ts';

export interface AuthProviderProps {
  client: AuthClient;
  /** Origin e-mailed links lead back to (`<siteUrl>/login`, `<siteUrl>/reset-password`). */
  siteUrl: string;
  /** What else the host keeps for the user and must forget at logout (the web app: localStorage). */
  clearLocalState?: () => void;
  children: ReactNode;
}

interface State {
  status: AuthStatus;
  session: Session | null;
  lastEvent: AuthChangeEvent | null;
}

/** Holds the session auth-js reports and the actions of the sign-in screens; needs a QueryClientProvider above. */
export function AuthProvider({ client, siteUrl, clearLocalState, children }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: 'unknown', session: null, lastEvent: null });
  const [linkError, setLinkError] = useState<string | null>(null);

  useEffect(() => {
    // auth-js replays INITIAL_SESSION to every new subscriber, so a remount never loses the state.
    const { data } = client.onAuthStateChange((event, session) => {
      setState({ status: session ? 'signed_in' : 'signed_out', session, lastEvent: event });
      // Another user may sign in next in this tab: nothing cached for this one may show.
      // (Queries only: a mutation still running, such as a password reset that signs out at its end, must finish.)
      if (event === 'SIGNED_OUT') queryClient.removeQueries();
    });
    // initialize() only reports, never throws; a link with an error in its fragment
    // (#error_description=...) is the one case worth telling the user about.
    let active = true;
    void client.initialize().then(({ error }) => {
      if (active && isAuthImplicitGrantRedirectError(error)) setLinkError(error.message);
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [client, queryClient]);

  const actions = useMemo(() => createAuthActions(client, siteUrl), [client, siteUrl]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...actions,
      ...state,
      linkError,
      client,
      needsSecondFactor: needsSecondFactor(state.session),
      async signOut() {
        try {
          const { error } = await client.signOut({ scope: 'local' });
          if (error) console.error('Logout failed', error);
        } catch (error) {
          console.error('Logout failed', error);
        }
        forgetPreferences();
        clearLocalState?.();
        queryClient.clear();
      },
    }),
    [actions, state, linkError, client, clearLocalState, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
