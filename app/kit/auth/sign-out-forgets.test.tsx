import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preferenceKeys } from '../data/preferences.ts';
import { renderWithKit } from '../testing/render-kit.tsx';
import { createAuthClient } from './auth-client.ts';
import { useAuth } from './auth-context.ts';
import { AuthProvider } from './auth-provider.tsx';

function SignOutButton() {
  const auth = useAuth();
  return (
    <button type="button" onClick={() => void auth.signOut()}>
      Log out
    </button>
  );
}

describe('signing out', () => {
  it('forgets the editor preferences, on a surface that keeps nothing else in localStorage', async () => {
    // A client with no session: signing out locally needs no server.
    const client = createAuthClient({
      url: 'http://127.0.0.1:9/auth/v1',
      storageKey: 'sign-out-test',
      detectSessionInUrl: false,
    });
    window.localStorage.setItem(preferenceKeys.verifyOnSave, 'false');
    window.localStorage.setItem('something-of-the-host', 'kept');
    const { user } = renderWithKit(
      <AuthProvider client={client} siteUrl="http://localhost:3000">
        <SignOutButton />
      </AuthProvider>,
    );

    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(window.localStorage.getItem(preferenceKeys.verifyOnSave)).toBeNull());
    expect(window.localStorage.getItem('something-of-the-host')).toBe('kept');
  });
});
