import { createHash, randomBytes } from 'node:crypto';
import { FakeHttpError } from './http-kit.ts';
import type { OAuthGrant, OAuthIdentity, Principal } from './types.ts';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

interface AuthCode {
  code: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: string;
  identity: OAuthIdentity;
  expiresAt: number;
}

const codeTtlMs = 10 * 60 * 1000;

function oauthError(status: number, error: string, description: string): FakeHttpError {
  return new FakeHttpError(status, { error, error_description: description });
}

function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Personal access tokens from tokens.json, and the codes and tokens of the OAuth flow. */
export class AuthRegistry {
  private readonly pats = new Map<string, { spaceIds: number[]; revoked: boolean }>();
  private readonly byAccessToken = new Map<string, OAuthGrant>();
  private readonly byRefreshToken = new Map<string, OAuthGrant>();
  private readonly codes = new Map<string, AuthCode>();
  private readonly clients = new Map<string, OAuthClient>();
  /** Who authorized in which space: Storyblok only lets a space's collaborators install an app there. */
  private readonly collaboratorsBySpace = new Map<number, Map<number, OAuthIdentity>>();

  identity: OAuthIdentity;
  private readonly accessTokenTtlSeconds: () => number;
  private readonly rotateRefreshToken: () => boolean;

  constructor(
    patSpaces: Map<string, number[]>,
    clients: OAuthClient[],
    identity: OAuthIdentity,
    accessTokenTtlSeconds: () => number,
    rotateRefreshToken: () => boolean,
  ) {
    this.identity = identity;
    this.accessTokenTtlSeconds = accessTokenTtlSeconds;
    this.rotateRefreshToken = rotateRefreshToken;
    for (const [token, spaceIds] of patSpaces) this.addPat(token, spaceIds);
    for (const client of clients) this.clients.set(client.clientId, client);
  }

  addPat(token: string, spaceIds: number[]): void {
    this.pats.set(token, { spaceIds: [...spaceIds], revoked: false });
  }

  /** Makes a PAT, an OAuth access token or an OAuth refresh token answer 401 from now on. */
  revoke(token: string): boolean {
    const pat = this.pats.get(token);
    if (pat) pat.revoked = true;
    const grant = this.byAccessToken.get(token) ?? this.byRefreshToken.get(token);
    if (grant) grant.revoked = true;
    return Boolean(pat ?? grant);
  }

  /** Lets an access token run out as if its lifetime had passed; its refresh token still works. */
  expireAccessToken(accessToken: string): boolean {
    const grant = this.byAccessToken.get(accessToken);
    if (grant) grant.expiresAt = 0;
    return Boolean(grant);
  }

  /** `Authorization: <PAT>` or `Authorization: Bearer <OAuth access token>`; null when neither is valid. */
  principalFor(authorization: string | undefined): Principal | null {
    if (!authorization) return null;
    const bearer = /^bearer\s+(.+)$/i.exec(authorization.trim());
    if (bearer) {
      const token = bearer[1] ?? '';
      const grant = this.byAccessToken.get(token);
      if (!grant || grant.revoked || grant.expiresAt <= Date.now()) return null;
      return { kind: 'oauth', token, spaceIds: [grant.identity.spaceId], grant };
    }
    // A PAT goes raw; "Bearer <PAT>" is refused, the mistake the reference warns about (§1.2).
    const token = authorization.trim();
    const pat = this.pats.get(token);
    if (!pat || pat.revoked) return null;
    return { kind: 'pat', token, spaceIds: pat.spaceIds };
  }

  issueCode(input: Omit<AuthCode, 'code' | 'expiresAt'>): string {
    const { identity } = input;
    const inSpace = this.collaboratorsBySpace.get(identity.spaceId) ?? new Map<number, OAuthIdentity>();
    inSpace.set(identity.userId, { ...identity, roles: identity.roles.map((r) => ({ ...r })) });
    this.collaboratorsBySpace.set(identity.spaceId, inSpace);
    const code = newToken();
    this.codes.set(code, { ...input, code, expiresAt: Date.now() + codeTtlMs });
    return code;
  }

  /** The users who authorized in the space, as its collaborators. */
  collaborators(spaceId: number): OAuthIdentity[] {
    return [...(this.collaboratorsBySpace.get(spaceId)?.values() ?? [])];
  }

  /** With no registered clients every client id is known. */
  knowsClient(clientId: string): boolean {
    return this.clients.size === 0 || this.clients.has(clientId);
  }

  private checkClient(clientId: string | undefined, clientSecret: string | undefined): string {
    if (!clientId) throw oauthError(401, 'invalid_client', 'client_id is missing');
    // With no registered clients any client is accepted, so tests need not configure one.
    if (this.clients.size === 0) return clientId;
    const client = this.clients.get(clientId);
    if (!client || client.clientSecret !== clientSecret) {
      throw oauthError(401, 'invalid_client', 'Client authentication failed');
    }
    return clientId;
  }

  exchangeCode(form: Record<string, string | undefined>): OAuthGrant {
    const clientId = this.checkClient(form.client_id, form.client_secret);
    const code = form.code ? this.codes.get(form.code) : undefined;
    if (!code || code.expiresAt <= Date.now() || code.clientId !== clientId) {
      throw oauthError(400, 'invalid_grant', 'The authorization code is invalid or expired');
    }
    this.codes.delete(code.code);
    if (code.redirectUri && form.redirect_uri !== code.redirectUri) {
      throw oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
    }
    if (code.codeChallenge) {
      const verifier = form.code_verifier ?? '';
      const computed =
        code.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (computed !== code.codeChallenge) throw oauthError(400, 'invalid_grant', 'PKCE verification failed');
    }
    return this.grant(clientId, code.identity, newToken());
  }

  refresh(form: Record<string, string | undefined>): OAuthGrant {
    const clientId = this.checkClient(form.client_id, form.client_secret);
    const old = form.refresh_token ? this.byRefreshToken.get(form.refresh_token) : undefined;
    if (!old || old.revoked || old.clientId !== clientId) {
      throw oauthError(400, 'invalid_grant', 'The refresh token is invalid');
    }
    if (this.rotateRefreshToken()) {
      old.revoked = true;
      this.byRefreshToken.delete(old.refreshToken);
      return this.grant(clientId, old.identity, newToken());
    }
    return this.grant(clientId, old.identity, old.refreshToken);
  }

  private grant(clientId: string, identity: OAuthIdentity, refreshToken: string): OAuthGrant {
    const grant: OAuthGrant = {
      accessToken: newToken(),
      refreshToken,
      clientId,
      identity: { ...identity, roles: identity.roles.map((r) => ({ ...r })) },
      expiresAt: Date.now() + this.accessTokenTtlSeconds() * 1000,
      revoked: false,
    };
    this.byAccessToken.set(grant.accessToken, grant);
    this.byRefreshToken.set(refreshToken, grant);
    return grant;
  }
}
