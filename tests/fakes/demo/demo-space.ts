import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { type SyncStatus } from '#contract/space-connect.ts';
import { demoContent, DemoSetupError } from './demo-settings.ts';
import { progressLine } from './progress-line.ts';

export interface DemoSpace {
  /** Polyblok's id of the space (not Storyblok's). */
  id: number;
  name: string;
  locales: string[];
  keys: number;
}

const finished = (status: SyncStatus) => status.sync_batch_id === null && status.status !== 'queued';

async function waitForSync(
  client: ApiClient,
  id: number,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<SyncStatus> {
  const progress = progressLine();
  const started = Date.now();
  const deadline = started + options.timeoutMs;
  let waited = false;
  // A Ctrl+C while waiting ends the progress line at once, rather than after Polyblok's shutdown.
  options.signal?.addEventListener('abort', () => progress.end(), { once: true });
  for (;;) {
    options.signal?.throwIfAborted();
    const status = await client.call('getSyncStatus', { params: { id }, signal: options.signal });
    if (finished(status)) {
      progress.end(
        waited && status.status === 'completed'
          ? `Synced in ${Math.round((Date.now() - started) / 1000)} s.`
          : undefined,
      );
      return status;
    }
    waited = true;
    if (Date.now() > deadline) {
      progress.end();
      throw new DemoSetupError(
        `The first sync of the demo space did not finish in ${options.timeoutMs / 1000} s (${status.done}/${status.total}).`,
      );
    }
    progress.update('Syncing the demo space from the local Storyblok', status.done, status.total);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Connects the main demo space to the demo account with the demo token, as "Add a space" does, and waits for
 * its first sync. A later run finds it connected and only waits for a sync still running (or starts one when
 * the first never finished).
 */
export async function connectDemoSpace(options: {
  baseUrl: string;
  accessToken: string;
  log: (line: string) => void;
  signal?: AbortSignal;
  syncTimeoutMs?: number;
}): Promise<DemoSpace> {
  const { baseUrl, accessToken, log } = options;
  const client = createApiClient({ baseUrl, getAccessToken: () => accessToken });
  const body = { personal_access_token: demoContent.pat };
  const name = demoContent.mainSpace.name;
  const findJoined = async () =>
    (await client.call('getMe', {})).spaces.find((space) => space.name === name && space.pivot.status === 'joined');

  let space = await findJoined();
  if (!space) {
    const available = await client.call('listAvailableSpaces', { body });
    if (!available.some((candidate) => candidate.id === demoContent.mainSpace.id)) {
      throw new DemoSetupError(`The local Storyblok does not offer the space ${name} to the demo token.`);
    }
    log(`Connecting the space "${name}" with the demo token...`);
    const created = await client.call('createSpace', { body: { ...body, space_id: demoContent.mainSpace.id } });
    if (created.status !== 'joined') {
      throw new DemoSetupError(
        `Another account of this demo connected "${name}" first, so the demo account could only ask to join. ` +
          'Start over with: npm run demo -- --reset',
      );
    }
    space = await findJoined();
  } else if (space.synced_at === null && space.sync_batch_id === null) {
    log(`The first sync of "${name}" did not finish last time: syncing again...`);
    await client.call('startSync', { params: { id: space.id } });
  }
  if (!space) throw new DemoSetupError(`"${name}" is connected but not among the demo account's spaces.`);

  const sync = await waitForSync(client, space.id, {
    timeoutMs: options.syncTimeoutMs ?? 10 * 60_000,
    signal: options.signal,
  });
  if (sync.status === 'failed') log(`The sync of "${name}" failed: ${sync.error ?? 'no reason given'}.`);
  const synced = (await findJoined()) ?? space;
  return {
    id: synced.id,
    name: synced.name,
    locales: synced.space_locales.map((locale) => locale.code),
    keys: synced.translatable_keys_count,
  };
}
