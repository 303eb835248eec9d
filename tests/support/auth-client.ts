import { expect } from 'vitest';
import { authErrorSchema, authSessionSchema, type AuthSessionResponse } from '#contract/auth.ts';
import type { TestServer } from './test-server.ts';

export interface AuthRequest {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** A call to /auth/v1 as auth-js makes it (JSON, and the API version header that selects the error shape). */
export function authFetch(server: TestServer, path: string, request: AuthRequest = {}): Promise<Response> {
  const headers: Record<string, string> = { 'X-Supabase-Api-Version': '2024-01-01', ...request.headers };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  return fetch(`${server.baseUrl}/auth/v1${path}`, {
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    redirect: 'manual',
  });
}

export async function expectAuthError(response: Response, status: number, code: string) {
  const body: unknown = await response.json();
  expect({ status: response.status, body }).toMatchObject({ status, body: { code } });
  expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  return authErrorSchema.parse(body);
}

export async function expectSession(response: Response): Promise<AuthSessionResponse> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return authSessionSchema.parse(body);
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
}

/** The newest outbox message for an address (and kind), waiting for it when the server sends after answering. */
export async function waitForMail(
  server: TestServer,
  to: string,
  options: { template?: string; excluding?: string[]; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 5_000);
  for (;;) {
    const mail = await server.prisma.emailMessage.findFirst({
      where: {
        to,
        ...(options.template ? { template: options.template } : {}),
        ...(options.excluding?.length ? { id: { notIn: options.excluding } } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true, to: true, subject: true, text: true, html: true, template: true },
    });
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no ${options.template ?? ''} mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function countMail(server: TestServer, to: string, template?: string): Promise<number> {
  return server.prisma.emailMessage.count({ where: { to, ...(template ? { template } : {}) } });
}

/** The verification link of an e-mail (from its text part). */
export function linkIn(mail: OutboxMail): string {
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in "${mail.subject}"`);
  return match[0];
}

export function codeIn(mail: OutboxMail): string {
  const match = /^\d{6}$/m.exec(mail.text);
  if (!match) throw new Error(`no code in "${mail.subject}"`);
  return match[0];
}

/** Opens a link as a browser would, without following the redirect: where it lands and its fragment. */
export async function openLink(
  link: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; target: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual', headers });
  const location = response.headers.get('location') ?? '';
  const target = new URL(location);
  return { status: response.status, target, fragment: new URLSearchParams(target.hash.slice(1)) };
}

export async function signUp(
  server: TestServer,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const response = await authFetch(
    server,
    `/signup?redirect_to=${encodeURIComponent(`${server.env.SITE_URL}/login`)}`,
    {
      body: { email, password },
      headers,
    },
  );
  expect(response.status, await response.clone().text()).toBe(200);
}

export async function signIn(
  server: TestServer,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<AuthSessionResponse> {
  return expectSession(await authFetch(server, '/token?grant_type=password', { body: { email, password }, headers }));
}

/**
 * A confirmed account, signed in: sign-up, the link from the outbox, then the password grant (all from the
 * client address of `headers`, when a test behind TRUST_PROXY gives one).
 */
export async function createAccount(
  server: TestServer,
  email: string,
  password = 'correct horse battery staple',
  headers: Record<string, string> = {},
) {
  await signUp(server, email, password, headers);
  const opened = await openLink(linkIn(await waitForMail(server, email, { template: 'signup' })), headers);
  expect(opened.fragment.get('access_token')).toBeTruthy();
  return signIn(server, email, password, headers);
}

export async function refresh(server: TestServer, refreshToken: string): Promise<Response> {
  return authFetch(server, '/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } });
}

export function apiFetch(server: TestServer, path: string, token?: string): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

let counter = 0;
/** A fresh address for each test, so tests do not see each other's mail. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
