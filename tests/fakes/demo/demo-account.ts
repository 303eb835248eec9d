import { authErrorSchema } from '#contract/auth.ts';
import { demoAccount, DemoSetupError } from './demo-settings.ts';
import { outboxIds, waitForNewMailLink } from './dev-mail-link.ts';

interface AuthAnswer {
  status: number;
  body: { access_token?: string };
  error: { code: string; message: string } | null;
}

/** A call to /auth/v1 as the web app's auth-js makes it (the version header selects the error shape). */
async function authCall(baseUrl: string, path: string, input: unknown): Promise<AuthAnswer> {
  const response = await fetch(`${baseUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify(input),
  });
  const body: unknown = await response.json().catch(() => ({}));
  const error = response.ok ? null : (authErrorSchema.safeParse(body).data ?? null);
  return { status: response.status, body: body as AuthAnswer['body'], error };
}

const codeOf = (answer: AuthAnswer) => answer.error?.code;
const messageOf = (answer: AuthAnswer) => answer.error?.message ?? `status ${answer.status}`;

function signIn(baseUrl: string): Promise<AuthAnswer> {
  return authCall(baseUrl, '/token?grant_type=password', {
    email: demoAccount.email,
    password: demoAccount.password,
  });
}

/**
 * Signs the demo account in, creating it on the first run through the product's own sign-up: the account,
 * its confirmation e-mail in the outbox and the link in it, as a newcomer would. Answers an access token.
 * On a new database the account cannot exist yet: no sign-in is tried, so no refused one shows in the log.
 */
export async function signInDemoAccount(
  baseUrl: string,
  log: (line: string) => void,
  options: { newDatabase: boolean },
): Promise<string> {
  if (!options.newDatabase) {
    const first = await signIn(baseUrl);
    if (first.status === 200 && first.body.access_token) return first.body.access_token;
    const code = codeOf(first);
    if (code !== 'invalid_credentials' && code !== 'email_not_confirmed') {
      throw new DemoSetupError(`Signing in the demo account failed: ${messageOf(first)}`);
    }
  }

  log(`Creating the demo account ${demoAccount.email}...`);
  // Mail already in the outbox (an earlier, interrupted run) must not be taken for the new link.
  const seen = new Set(await outboxIds(baseUrl, demoAccount.email));
  const signup = await authCall(baseUrl, `/signup?redirect_to=${encodeURIComponent(`${baseUrl}/login`)}`, {
    email: demoAccount.email,
    password: demoAccount.password,
  });
  if (signup.status !== 200) throw new DemoSetupError(`Creating the demo account failed: ${messageOf(signup)}`);

  // Sign-up answers alike for a taken address; the e-mail it sends there has no confirmation link.
  const link = await waitForNewMailLink(baseUrl, demoAccount.email, seen);
  if (!link) {
    throw new DemoSetupError(
      `The demo account ${demoAccount.email} exists but its password is no longer the demo's (changed in the app?). ` +
        'Start over with: npm run demo -- --reset',
    );
  }
  const opened = await fetch(link, { redirect: 'manual' });
  const landing = new URL(opened.headers.get('location') ?? '', baseUrl);
  const fragment = new URLSearchParams(landing.hash.slice(1));
  if (!fragment.get('access_token')) {
    throw new DemoSetupError(
      `The confirmation link did not confirm the demo account: ${fragment.get('error_description') ?? opened.status}`,
    );
  }
  const session = await signIn(baseUrl);
  if (session.status !== 200 || !session.body.access_token) {
    throw new DemoSetupError(`Signing in the new demo account failed: ${messageOf(session)}`);
  }
  return session.body.access_token;
}
