// Benchmark: the story editor with a story of 10,000 keys (BENCH_KEYS), in Chromium, on PostgreSQL (127.0.0.1:5432,
// or BENCH_DATABASE_URL). Reports how long after the story's answer arrived its first keys were drawn (bar: 150 ms;
// and when their editors followed),
// and the longest task on the page's main thread while the list is scrolled from top to bottom and back (bar:
// 50 ms, the browser's own threshold of a long task). Run: npm run bench:editor (BENCH_PROFILE=<file> also writes
// the page's CPU profile of the scroll, for Chromium's DevTools)
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { frontEndBuildReason } from '#server/boot/front-end-build.ts';
import { serveBuiltFrontEnds } from '#server/http/front-ends.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { bigStoryData } from '#tests/support/big-story.ts';
import { chromiumArgs, chromiumPath } from '#tests/support/chromium.ts';
import { uniqueEmail } from '#tests/support/auth-client.ts';
import { connectBasicSpace, storyNodeId } from '#tests/support/connected-space.ts';
import { startTestServer } from '#tests/support/test-server.ts';
import { BENCH_ADMIN_URL } from './server/bench-database.ts';

const KEYS = Number(process.env.BENCH_KEYS ?? 10_000);
const FIRST_KEYS_LIMIT_MS = 150;
const LONG_TASK_LIMIT_MS = 50;
const SCROLL_STEPS = 120;
// The password `connectBasicSpace` gives the account it makes.
const ACCOUNT_PASSWORD = 'correct horse battery staple';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const reason = frontEndBuildReason();
if (reason) {
  console.log(`Building the front ends (${reason})`);
  if (spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' }).status !== 0) process.exit(1);
}

const dataDir = bigStoryData(KEYS);
const storyblok = await startFakeStoryblok({ dataDir });
const server = await startTestServer({
  env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl, LOG_LEVEL: 'warn' },
  databaseServerUrl: BENCH_ADMIN_URL,
  validateResponses: false,
  mountFrontEnds: (app) => serveBuiltFrontEnds(app, `${repoRoot}/dist`),
});
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});
const figures: Array<{ what: string; value: number; limit: number }> = [];
try {
  const email = uniqueEmail('editor');
  const { spaceId } = await connectBasicSpace(server, 'editor', email);
  const storyId = await storyNodeId(server.prisma, spaceId, basicFixture.stories.home);
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen = { firstKeysAt: 0, editorsAt: 0, longTasks: [] as number[] };
    (window as unknown as { bench: typeof seen }).bench = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    // The keys are drawn when their texts show (as text or in their editors); the editors may come after.
    new MutationObserver((_records, observer) => {
      if (!seen.firstKeysAt && document.querySelector('[data-testid="key-row"], [data-testid="key-row-preview"]'))
        seen.firstKeysAt = performance.now();
      if (!document.querySelector('[data-testid="key-row"]')) return;
      seen.editorsAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ACCOUNT_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Open your profile' }).waitFor();
  const storyAnswer = page.waitForResponse((response) => response.url().includes(`/api/content/story/${storyId}?`));
  await page.goto(`/spaces/${spaceId}/content?locale=de&story=${storyId}`);
  await (await storyAnswer).finished();
  await page.locator('[data-testid="key-row"]').first().waitFor();
  const firstKeys = await page.evaluate((id) => {
    const bench = (window as unknown as { bench: { firstKeysAt: number; editorsAt: number } }).bench;
    const answer = performance
      .getEntriesByType('resource')
      .find((entry) => entry.name.includes(`/api/content/story/${id}?`)) as PerformanceResourceTiming;
    return {
      afterAnswer: bench.firstKeysAt - answer.responseEnd,
      editorsAfter: bench.editorsAt - answer.responseEnd,
      answerAt: answer.responseEnd,
    };
  }, storyId);
  figures.push({
    what: `first keys in the page after the answer (${KEYS} keys)`,
    value: firstKeys.afterAnswer,
    limit: FIRST_KEYS_LIMIT_MS,
  });
  console.log(`  their editors ${firstKeys.editorsAfter.toFixed(0)} ms after the answer`);

  console.log(`  the story's answer arrived ${firstKeys.answerAt.toFixed(0)} ms after the page was opened`);
  // Settled: the tasks of loading are not the scroll's.
  await page.waitForTimeout(1_000);
  await page.evaluate(() => ((window as unknown as { bench: { longTasks: number[] } }).bench.longTasks = []));
  const list = page.locator('[data-testid="key-list"]');
  await list.hover();
  const profiling = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
  if (profiling) {
    await profiling.send('Profiler.enable');
    await profiling.send('Profiler.start');
  }
  for (const direction of [1, -1]) {
    for (let step = 0; step < SCROLL_STEPS; step += 1) {
      await page.mouse.wheel(0, direction * 1_500);
      await page.waitForTimeout(16);
    }
    await page.evaluate((down) => {
      const element = document.querySelector('[data-testid="key-list"]')!;
      element.scrollTop = down ? element.scrollHeight : 0;
    }, direction === 1);
    await page.waitForTimeout(300);
  }
  if (profiling) {
    const { profile } = await profiling.send('Profiler.stop');
    writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
  }
  // Once the scroll rests, every key in view has its editor again.
  await page.waitForTimeout(500);
  const previews = await page.locator('[data-testid="key-row-preview"]').count();
  const editors = await page.locator('[data-testid="key-row"]').count();
  if (previews > 0 || editors === 0) throw new Error(`after the scroll: ${previews} keys as text, ${editors} editors`);
  const longTasks = await page.evaluate(
    () => (window as unknown as { bench: { longTasks: number[] } }).bench.longTasks,
  );
  figures.push({
    what: `longest task while scrolling (${longTasks.length} long tasks)`,
    value: Math.max(0, ...longTasks),
    limit: LONG_TASK_LIMIT_MS,
  });
  await context.close();
} finally {
  await browser.close();
  await server.close();
  await storyblok.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('story editor in Chromium');
for (const figure of figures) {
  const ok = figure.value <= figure.limit;
  console.log(
    `  ${figure.what.padEnd(48)} ${`${figure.value.toFixed(0)} ms`.padStart(8)}   limit ${figure.limit} ms   ${(figure.value / figure.limit).toFixed(2)}x   ${ok ? 'ok' : 'OVER'}`,
  );
}
process.exit(figures.every((figure) => figure.value <= figure.limit) ? 0 : 1);
