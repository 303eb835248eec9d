import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { securityHeaders, type SecurityOptions } from './security-headers.ts';

/** The Content-Security-Policy the middleware sets for a request to `path`. */
function policyFor(options: SecurityOptions, path: string): string {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as Response;
  securityHeaders(options)({ path } as Request, res, () => undefined);
  return headers.get('content-security-policy') ?? '';
}

describe('securityHeaders', () => {
  const base = { panelFrameAncestors: ['https://app.storyblok.com'], dev: false };

  it('lets the web app load the Crisp chat only when it is configured', () => {
    expect(policyFor(base, '/')).not.toContain('crisp.chat');
    const withCrisp = policyFor({ ...base, crisp: true }, '/spaces/1/languages');
    expect(withCrisp).toMatch(/script-src 'self' https:\/\/client\.crisp\.chat/);
    expect(withCrisp).toMatch(
      /connect-src 'self' https:\/\/client\.crisp\.chat [^;]*wss:\/\/client\.relay\.crisp\.chat/,
    );
    expect(withCrisp).toContain("frame-ancestors 'none'");
  });

  it('never opens the tool panel to Crisp', () => {
    const panel = policyFor({ ...base, crisp: true }, '/extension/');
    expect(panel).not.toContain('crisp.chat');
    expect(panel).toContain('frame-ancestors https://app.storyblok.com');
  });
});
