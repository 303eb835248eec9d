import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { generateData, toRawData } from '#tests/fakes/storyblok/generate/generate-data.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import {
  crashDatabase,
  prepareCrashServers,
  signInCrashOwner,
  type CrashDatabase,
} from '#tests/support/crash-database.ts';
import { hasConnectionTo } from '#tests/support/process-sockets.ts';
import { runServerToExit, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts';

/*
 * Polyblok scaled out: two web and two worker processes on one PostgreSQL behave as one. Two spaces of one
 * Storyblok token (on a Growth plan: 6 requests a second, which the local Storyblok enforces) sync at once,
 * asked and watched through both web replicas; Storyblok never answers 429 and never sees the token above its
 * rate; wrong passwords sent to both replicas meet the limit one replica would set; a worker killed (kill -9)
 * in the middle of the syncs loses nothing. Real processes only, so PostgreSQL only (TEST_DATABASE_URL).
 */

const RATE = 6;
const STORIES = 36;
const TOKEN = 'agency-pat';

describe('process roles on the embedded database', () => {
  it('refuses web and worker, which need a database several processes can open', async () => {
    const roles = ['web', 'worker'];
    const runs = await Promise.all(
      roles.map((role) => runServerToExit({ POLYBLOK_ROLE: role, DATABASE_URL: 'memory://' })),
    );
    for (const [index, { code, output }] of runs.entries()) {
      expect(code).toBe(1);
      expect(output).toContain(`POLYBLOK_ROLE: ${roles[index]} needs PostgreSQL`);
    }
  });
});

const processes: ServerProcess[] = [];
let storyblok: FakeStoryblok | undefined;
let database: CrashDatabase | undefined;
let folder: string | undefined;

afterAll(async () => {
  await Promise.all(processes.map((running) => running.stop('SIGKILL')));
  await storyblok?.close();
  await database?.dispose();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const startedAt = Date.now();
const say = (line: string) =>
  process.stdout.write(`[replicas, ${((Date.now() - startedAt) / 1000).toFixed(1)} s] ${line}\n`);

/**
 * Requests leave on their slots, one interval apart, but reach Storyblok after a delay that varies with the
 * load of this shared machine (event loops of five processes, the network stack): arrival times are read with
 * this much noise allowed.
 */
const DELIVERY_NOISE_MS = 50;

/** The most requests the token sent within any one second, by the times Storyblok received them. */
function busiestSecond(times: number[]): number {
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= 1000 - DELIVERY_NOISE_MS) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

async function signInStatus(web: ServerProcess, email: string, password: string): Promise<number> {
  const response = await fetch(`${web.baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify({ email, password }),
  });
  await response.body?.cancel();
  return response.status;
}

// Like the other tests of what only PostgreSQL does, this one runs where the tests run on PostgreSQL (CI runs both).
if (process.env.TEST_DATABASE_URL) {
  describe('two web and two worker processes on one PostgreSQL', () => {
    it('sync two spaces of one token within its rate, share the sign-in limits, and survive a killed worker', async () => {
      folder = mkdtempSync(path.join(tmpdir(), 'polyblok-replicas-'));
      const spaces = [290101, 290102].map((spaceId) => {
        const data = generateData({ stories: STORIES, seed: `replicas-${spaceId}`, spaceId, token: TOKEN });
        Object.assign(data.space, { plan: 'growth', plan_level: 1 });
        return data;
      });
      const raw = spaces.map(toRawData);
      storyblok = await startFakeStoryblok({
        data: { tokens: { [TOKEN]: spaces.map((data) => data.spaceId) }, spaces: raw.flatMap((one) => one.spaces) },
        rate: RATE,
      });
      database = await crashDatabase(folder);
      // No STORYBLOK_REQUESTS_PER_SECOND: the token starts at 3 a second and follows its spaces' plan to 6.
      const env = await prepareCrashServers(database, folder, { STORYBLOK_MAPI_URL: storyblok.mapiUrl });

      // All four start at once: migrations and the job queues' creation are each done once, under a lock.
      const [web1, web2, worker1, worker2] = await Promise.all([
        startServerProcess({ ...env, POLYBLOK_ROLE: 'web' }),
        startServerProcess({ ...env, POLYBLOK_ROLE: 'web' }),
        startServerProcess({ ...env, POLYBLOK_ROLE: 'worker' }),
        startServerProcess({ ...env, POLYBLOK_ROLE: 'worker' }),
      ]);
      processes.push(web1, web2, worker1, worker2);
      say('two web and two worker processes started');
      const workerHealth = await fetch(`${worker1.baseUrl}/api/health`);
      expect(workerHealth.status).toBe(200);
      expect(((await workerHealth.json()) as { queue: { status: string } }).queue.status).toBe('up');
      expect((await fetch(`${worker1.baseUrl}/api/me`)).status).toBe(404);

      // A session made on one replica works on the other.
      const accessToken = await signInCrashOwner(web1);
      const apis: ApiClient[] = [web1, web2].map((web) =>
        createApiClient({ baseUrl: web.baseUrl, getAccessToken: () => accessToken }),
      );
      const ids: number[] = [];
      for (const [index, data] of spaces.entries()) {
        const created = await apis[index]!.call('createSpace', {
          body: { space_id: data.spaceId, personal_access_token: TOKEN },
        });
        ids.push(created.id);
      }

      // Ten wrong passwords alternating between the replicas meet the limit where ten sent to one replica do: five
      // are checked, the sixth, right after, must wait. (Later ones depend on how long each answer took.)
      const spread: number[] = [];
      const single: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        spread.push(await signInStatus(attempt % 2 ? web2 : web1, 'guessed@example.com', `wrong-${attempt}`));
      }
      for (let attempt = 0; attempt < 10; attempt += 1) {
        single.push(await signInStatus(web1, 'tried@example.com', `wrong-${attempt}`));
      }
      say(`wrong passwords: ${spread.join(' ')} over two replicas, ${single.join(' ')} on one`);
      const limited = [400, 400, 400, 400, 400, 429];
      expect(single.slice(0, 6)).toEqual(limited);
      expect(spread.slice(0, 6)).toEqual(limited);
      expect(spread.filter((code) => code === 400).length).toBeLessThan(10);

      // Mid-sync, the worker talking to Storyblok is killed; the other takes its work over.
      const status = (index: number, api: ApiClient) => api.call('getSyncStatus', { params: { id: ids[index]! } });
      for (const deadline = Date.now() + 30_000; ;) {
        const progress = await status(0, apis[1]!);
        if (progress.done > 5) break;
        if (Date.now() > deadline) throw new Error(`the first sync did not start: ${JSON.stringify(progress)}`);
        await sleep(200);
      }
      const port = Number(new URL(storyblok.baseUrl).port);
      const talking = [worker1, worker2].find((worker) => hasConnectionTo(worker.child.pid!, port));
      const working = talking ?? worker1;
      await working.stop('SIGKILL');
      say(`killed worker ${working === worker1 ? 1 : 2} mid-sync${talking ? ', as it talked to Storyblok' : ''}`);
      const before = await Promise.all(ids.map((_, index) => status(index, apis[index]!)));
      expect(before.some((progress) => progress.status !== 'completed')).toBe(true);

      for (const deadline = Date.now() + 75_000; ;) {
        const now = await Promise.all(ids.map((_, index) => status(index, apis[(index + 1) % 2]!)));
        if (now.some((progress) => progress.status === 'failed'))
          throw new Error(`a sync failed: ${JSON.stringify(now)}`);
        if (now.every((progress) => progress.status === 'completed')) {
          say('both syncs completed');
          for (const progress of now) expect(progress.done).toBe(progress.total);
          break;
        }
        if (Date.now() > deadline) throw new Error(`the syncs did not complete: ${JSON.stringify(now)}`);
        await sleep(500);
      }

      const traffic = storyblok.requests().filter((request) => request.path.startsWith('/v1/'));
      expect(traffic.filter((request) => request.status === 429)).toEqual([]);
      const times = traffic.map((request) => Date.parse(request.time)).sort((a, b) => a - b);
      // Both spaces were read in full: every story of each, through the one token.
      expect(traffic.filter((request) => /\/stories\/\d+$/.test(request.path)).length).toBeGreaterThanOrEqual(
        2 * STORIES,
      );
      say(
        `${times.length} requests in ${((times.at(-1)! - times[0]!) / 1000).toFixed(1)} s, at most ${busiestSecond(times)} in a second`,
      );
      expect(busiestSecond(times)).toBeLessThanOrEqual(RATE);
    }, 150_000);
  });
}
