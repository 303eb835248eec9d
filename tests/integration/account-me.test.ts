import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '#contract/errors.ts';
import { meResponseSchema } from '#contract/me.ts';
import { apiFetch, createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

const CRISP_SECRET = 'crisp-website-secret-for-tests';
const CRISP_WEBSITE_ID = '3f1c2a4e-8b7d-4c2e-9a51-0d6e2f7b8c90';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { CRISP_SECRET, CRISP_WEBSITE_ID } });
});

afterAll(async () => {
  await server?.close();
});

async function me(token: string) {
  const response = await apiFetch(server, '/api/me', token);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return meResponseSchema.parse(await response.json());
}

describe('GET /api/me', () => {
  it('needs a signed-in user', async () => {
    const response = await apiFetch(server, '/api/me');
    expect(response.status).toBe(401);
    expect(errorResponseSchema.parse(await response.json()).code).toBe('unauthorized');
  });

  it('answers the account with no spaces, and the Crisp identity signature', async () => {
    const email = uniqueEmail('lonely');
    const session = await createAccount(server, email);
    expect(await me(session.access_token)).toEqual({
      id: session.user.id,
      name: null,
      email,
      crisp_signature: createHmac('sha256', CRISP_SECRET).update(email).digest('hex'),
      crisp_website_id: CRISP_WEBSITE_ID,
      spaces: [],
    });
  });

  it('lists every membership with the space, its languages, members, pivot and subscription', async () => {
    const email = uniqueEmail('member');
    const session = await createAccount(server, email);
    const { prisma } = server;
    const owner = await prisma.user.create({ data: { email: uniqueEmail('owner'), name: 'Olive Owner' } });
    const pending = await prisma.user.create({ data: { email: uniqueEmail('asker') } });
    const joinedAt = new Date('2026-03-01T10:00:00.000Z');
    const space = await prisma.space.create({
      data: {
        name: 'Beta site',
        storyblokSpaceId: 1_000_001n,
        region: 'EU',
        defaultLocaleName: 'English',
        previewToken: 'preview-token-beta',
        translatableKeysCount: 120,
        translatedKeysCount: 150,
        hasTokenIssue: true,
        syncedAt: new Date('2026-03-02T08:00:00.000Z'),
        locales: {
          create: [
            { code: 'fr', name: 'French', translatedKeyCount: 100, verifiedKeyCount: 60 },
            { code: 'de', name: 'German', translatedKeyCount: 50, verifiedKeyCount: 50 },
          ],
        },
        memberships: {
          create: [
            { userId: owner.id, role: 'owner', status: 'joined', createdAt: new Date('2026-01-01T00:00:00.000Z') },
            { userId: session.user.id, role: 'translator', status: 'joined', createdAt: joinedAt },
            {
              userId: pending.id,
              role: 'viewer',
              status: 'requesting',
              createdAt: new Date('2026-04-01T00:00:00.000Z'),
            },
          ],
        },
        subscription: {
          create: {
            id: 'sub_123',
            customerId: 'cus_123',
            status: 'active',
            priceCents: 4900,
            nextBillingDate: new Date('2026-12-01T00:00:00.000Z'),
          },
        },
      },
    });
    const invitedTo = await prisma.space.create({
      data: {
        name: 'Alpha shop',
        storyblokSpaceId: 1_000_002n,
        region: 'US',
        previewToken: 'preview-token-alpha',
        memberships: {
          create: [
            { userId: owner.id, role: 'owner', status: 'joined' },
            { userId: session.user.id, role: 'editor', status: 'invited', invitedById: owner.id },
          ],
        },
      },
    });
    const askedToJoin = await prisma.space.create({
      data: {
        name: 'Gamma blog',
        storyblokSpaceId: 1_000_003n,
        region: 'EU',
        previewToken: 'preview-token-gamma',
        memberships: {
          create: [
            { userId: owner.id, role: 'owner', status: 'joined' },
            { userId: session.user.id, role: 'viewer', status: 'requesting' },
          ],
        },
      },
    });
    // Someone else's space never shows.
    await prisma.space.create({
      data: {
        name: 'Other',
        storyblokSpaceId: 1_000_004n,
        region: 'EU',
        memberships: { create: [{ userId: owner.id, role: 'owner', status: 'joined' }] },
      },
    });

    const account = await me(session.access_token);
    expect(account.spaces.map((item) => item.name)).toEqual(['Alpha shop', 'Beta site', 'Gamma blog']);
    const beta = account.spaces[1]!;
    expect(beta).toEqual({
      id: space.id,
      name: 'Beta site',
      region: 'eu',
      cdn_url: 'https://api.storyblok.com/v2/cdn',
      default_locale_name: 'English',
      space_locales: [
        {
          id: expect.any(Number),
          code: 'fr',
          name: 'French',
          translated_key_count: 100,
          missing_translated_keys_count: 20,
          missing_verified_translated_keys_count: 60,
          last_translation_at: null,
        },
        {
          id: expect.any(Number),
          code: 'de',
          name: 'German',
          translated_key_count: 50,
          missing_translated_keys_count: 70,
          missing_verified_translated_keys_count: 70,
          last_translation_at: null,
        },
      ],
      users: [
        {
          id: owner.id,
          name: 'Olive Owner',
          email: owner.email,
          pivot: { status: 'joined', role: 'owner', created_at: '2026-01-01T00:00:00.000Z' },
        },
        {
          id: session.user.id,
          name: null,
          email,
          pivot: { status: 'joined', role: 'translator', created_at: joinedAt.toISOString() },
        },
        {
          id: pending.id,
          name: null,
          email: pending.email,
          pivot: { status: 'requesting', role: 'viewer', created_at: '2026-04-01T00:00:00.000Z' },
        },
      ],
      pivot: { status: 'joined', role: 'translator', created_at: joinedAt.toISOString() },
      translatable_keys_count: 120,
      translated_keys_count: 150,
      has_token_issue: true,
      sync_batch_id: null,
      synced_at: '2026-03-02T08:00:00.000Z',
      subscription: {
        id: 'sub_123',
        next_billing_date: '2026-12-01T00:00:00.000Z',
        price: 49,
        status: 'active',
        cancel_at_period_end: false,
      },
      billing_portal_url: null,
      preview_token: 'preview-token-beta',
    });

    const alpha = account.spaces[0]!;
    expect(alpha).toMatchObject({
      id: invitedTo.id,
      region: 'us',
      // Its published content comes from its own region's delivery API.
      cdn_url: 'https://api-us.storyblok.com/v2/cdn',
      pivot: { status: 'invited', role: 'editor' },
      subscription: null,
    });
    expect(alpha.users.map((user) => user.pivot.status)).toEqual(['joined', 'invited']);
    // Not joined yet: no preview token.
    expect(alpha.preview_token).toBeNull();
    const gamma = account.spaces[2]!;
    expect(gamma).toMatchObject({
      id: askedToJoin.id,
      pivot: { status: 'requesting' },
      users: [],
      preview_token: null,
    });
  });
});
