import type { BaseRequest, Caller, RouteCase } from './hostile-request.ts';

/** A signed-in request sent with this instead of the caller's session is refused before it reaches a handler. */
const NOT_A_SESSION = { authorization: 'Bearer not-a-session' };
const NOBODY = 'nobody@example.com';

/**
 * /auth/v1: refused for an address that is taken or unknown, a wrong password, a code that was never sent; a
 * sign-up for a taken address is answered like any other, and its one e-mail per cooldown went out before.
 */
export function authCases(emailOf: (caller: Caller) => string, missingUuid: string): RouteCase[] {
  return [
    {
      route: 'signUp',
      public: true,
      answer: ['anonymous', 200],
      base: () => ({
        query: { redirect_to: '/login' },
        body: { email: emailOf('owner'), password: 'an unguessable passphrase', data: { name: 'Hostile' } },
      }),
    },
    {
      route: 'grantToken',
      name: 'grantToken password',
      public: true,
      answer: ['anonymous', 400],
      base: () => ({ query: { grant_type: 'password' }, body: { email: emailOf('owner'), password: 'wrong' } }),
    },
    {
      route: 'grantToken',
      name: 'grantToken refresh_token',
      public: true,
      answer: ['anonymous', 400],
      base: () => ({ query: { grant_type: 'refresh_token' }, body: { refresh_token: 'r'.repeat(43) } }),
    },
    {
      route: 'openEmailLink',
      public: true,
      answer: ['anonymous', 303],
      base: () => ({ query: { type: 'signup', token: 'hostile-token', redirect_to: '/login' } }),
    },
    {
      route: 'verifyOtp',
      public: true,
      answer: ['anonymous', 403],
      base: () => ({ body: { type: 'signup', token: '123456', email: NOBODY } }),
    },
    { route: 'recoverPassword', public: true, answer: ['anonymous', 200], base: () => ({ body: { email: NOBODY } }) },
    {
      route: 'resendEmail',
      public: true,
      answer: ['anonymous', 200],
      base: () => ({ body: { type: 'signup', email: NOBODY } }),
    },
    {
      route: 'signOut',
      answer: ['viewer', 400],
      base: () => ({ query: { scope: 'nowhere' } }),
      // Without a scope, sign-out ends every session: its variants go without a session.
      refusedElsewhere: { fields: ['query.scope'], base: () => ({ headers: NOT_A_SESSION }) },
    },
    { route: 'getUser', answer: ['viewer', 200], base: () => ({}) },
    // Someone else's address: taken, so nothing is changed, whatever else the request asks.
    {
      route: 'updateUser',
      answer: ['viewer', 422],
      base: (caller) => ({ body: { email: emailOf(caller === 'owner' ? 'admin' : 'owner') } }),
    },
    // Every request that reaches it e-mails a code: it is sent without a session.
    { route: 'reauthenticate', answer: ['viewer', 403], base: (): BaseRequest => ({ headers: NOT_A_SESSION }) },
    {
      route: 'enrollFactor',
      answer: ['viewer', 400],
      base: () => ({ body: { factor_type: 'phone', friendly_name: 'Hostile' } }),
    },
    { route: 'challengeFactor', answer: ['viewer', 404], base: () => ({ params: { id: missingUuid } }) },
    {
      route: 'verifyFactor',
      answer: ['viewer', 404],
      base: () => ({ params: { id: missingUuid }, body: { challenge_id: missingUuid, code: '123456' } }),
    },
    { route: 'unenrollFactor', answer: ['viewer', 404], base: () => ({ params: { id: missingUuid } }) },
  ];
}
