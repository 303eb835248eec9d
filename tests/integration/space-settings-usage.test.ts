import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceSettingsSchema } from '#contract/space-settings.ts';
import { apiFetch, createAccount, uniqueEmail } from '#tests/support/auth-client.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  // An allowance without a plan that differs from the Entry Plan's, to tell the two apart.
  server = await startTestServer({ env: { AI_DAILY_WORDS_WITHOUT_PLAN: '250' } });
});

afterAll(async () => {
  await server?.close();
});

const today = () => new Date(new Date().toISOString().slice(0, 10));

async function spaceWithUsage(userId: string, storyblokSpaceId: bigint, words: number, withPlan: boolean) {
  const space = await server.prisma.space.create({
    data: {
      name: `Usage ${storyblokSpaceId}`,
      storyblokSpaceId,
      region: 'EU',
      memberships: { create: [{ userId, role: 'viewer', status: 'joined' }] },
      ...(withPlan
        ? {
            subscription: {
              create: { id: `sub_${storyblokSpaceId}`, customerId: 'cus_1', status: 'active', priceCents: 4900 },
            },
          }
        : {}),
    },
    select: { id: true },
  });
  // Yesterday's words do not count against today.
  const yesterday = new Date(today().getTime() - 86_400_000);
  await server.prisma.aiUsage.createMany({
    data: [
      { spaceId: space.id, day: today(), words },
      { spaceId: space.id, day: yesterday, words: 999 },
    ],
  });
  return space.id;
}

describe('GET /api/spaces/:id/settings', () => {
  it('reports today’s AI words against the allowance of the space’s plan', async () => {
    const session = await createAccount(server, uniqueEmail('usage'));
    const withoutPlan = await spaceWithUsage(session.user.id, 2_000_001n, 120, false);
    const withPlan = await spaceWithUsage(session.user.id, 2_000_002n, 640, true);

    const read = async (spaceId: number) => {
      const response = await apiFetch(server, `/api/spaces/${spaceId}/settings`, session.access_token);
      expect(response.status).toBe(200);
      return spaceSettingsSchema.parse(await response.json());
    };
    expect((await read(withoutPlan)).ai_usage).toEqual({ words_today: 120, words_reserved: 0, daily_words: 250 });
    expect((await read(withPlan)).ai_usage).toEqual({ words_today: 640, words_reserved: 0, daily_words: 1000 });
  });

  it('reports apart the words held by AI work under way: asks not yet done, and live holds', async () => {
    const session = await createAccount(server, uniqueEmail('usage'));
    const spaceId = await spaceWithUsage(session.user.id, 2_000_003n, 30, false);
    const fr = await server.prisma.spaceLocale.create({
      data: { spaceId, code: 'fr', name: 'French' },
      select: { id: true },
    });
    const story = await server.prisma.storyNode.create({
      data: { spaceId, storyblokId: 1n, name: 'Home', slug: 'home', fullSlug: 'home', isFolder: false },
      select: { id: true },
    });
    const keys = await Promise.all(
      [7, 11, 13].map((wordCount, index) =>
        server.prisma.translatableKey.create({
          data: {
            spaceId,
            storyId: story.id,
            key: `uid-${index}:page:title`,
            hash: `hash-${index}`,
            fieldType: 'text',
            component: 'page',
            field: 'title',
            value: 'words',
            valueText: 'words',
            wordCount,
          },
          select: { id: true },
        }),
      ),
    );
    // Waiting and running asks hold their words; a failed one holds nothing.
    await server.prisma.translationAsk.createMany({
      data: (['pending', 'running', 'failed'] as const).map((status, index) => ({
        translatableKeyId: keys[index]!.id,
        spaceLocaleId: fr.id,
        status,
      })),
    });
    const minute = 60_000;
    await server.prisma.aiReservation.createMany({
      data: [
        { spaceId, words: 5, expiresAt: new Date(Date.now() + minute) },
        { spaceId, words: 100, expiresAt: new Date(Date.now() - minute) },
      ],
    });
    const response = await apiFetch(server, `/api/spaces/${spaceId}/settings`, session.access_token);
    expect(spaceSettingsSchema.parse(await response.json()).ai_usage).toEqual({
      words_today: 30,
      words_reserved: 7 + 11 + 5,
      daily_words: 250,
    });
  });
});
