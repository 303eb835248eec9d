import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RawFakeData } from './types.ts';

/** Thrown for any unusable data file; the message names the file so a broken export is quick to find. */
export class FakeDataError extends Error {
  readonly file: string;

  constructor(file: string, detail: string) {
    super(`Invalid Storyblok fake data file ${file}: ${detail}`);
    this.name = 'FakeDataError';
    this.file = file;
  }
}

export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new FakeDataError(file, (error as Error).message);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    throw new FakeDataError(file, `not valid JSON (${(error as Error).message})`);
  }
}

/**
 * Reads the data directory layout: `tokens.json`, `spaces/<id>/space.json`, optional `components.json`,
 * optional `api_keys.json`, optional `datasources.json` and `stories/*.json`. Shapes are checked later by `normalizeData`, which gets the
 * file names along so its errors can name them too.
 */
export async function readDataDir(dir: string): Promise<RawFakeData> {
  const root = path.resolve(dir);
  if (!existsSync(root) || !(await stat(root)).isDirectory()) {
    throw new FakeDataError(root, 'the data directory does not exist');
  }
  const tokensFile = path.join(root, 'tokens.json');
  const tokens = existsSync(tokensFile) ? await readJsonFile(tokensFile) : {};
  if (!tokens || typeof tokens !== 'object' || Array.isArray(tokens)) {
    throw new FakeDataError(tokensFile, 'expected an object mapping each token to its space ids');
  }

  const spacesDir = path.join(root, 'spaces');
  if (!existsSync(spacesDir)) throw new FakeDataError(spacesDir, 'missing: put each space in spaces/<space id>/');
  const spaces: RawFakeData['spaces'] = [];
  const entries = (await readdir(spacesDir, { withFileTypes: true })).filter((e) => e.isDirectory());
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const spaceDir = path.join(spacesDir, entry.name);
    if (!/^\d+$/.test(entry.name)) throw new FakeDataError(spaceDir, 'a space folder must be named by its numeric id');
    const spaceFile = path.join(spaceDir, 'space.json');
    if (!existsSync(spaceFile)) throw new FakeDataError(spaceFile, 'missing');
    const componentsFile = path.join(spaceDir, 'components.json');
    const apiKeysFile = path.join(spaceDir, 'api_keys.json');
    const datasourcesFile = path.join(spaceDir, 'datasources.json');
    const storiesDir = path.join(spaceDir, 'stories');
    const storyFiles = existsSync(storiesDir)
      ? (await readdir(storiesDir))
          .filter((name) => name.endsWith('.json'))
          .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
          .map((name) => path.join(storiesDir, name))
      : [];
    const stories: unknown[] = [];
    for (const file of storyFiles) stories.push(await readJsonFile(file));
    spaces.push({
      id: Number(entry.name),
      space: await readJsonFile(spaceFile),
      components: existsSync(componentsFile) ? await readJsonFile(componentsFile) : undefined,
      apiKeys: existsSync(apiKeysFile) ? await readJsonFile(apiKeysFile) : undefined,
      datasources: existsSync(datasourcesFile) ? await readJsonFile(datasourcesFile) : undefined,
      stories,
      sources: {
        space: spaceFile,
        components: componentsFile,
        apiKeys: apiKeysFile,
        stories: storyFiles,
        datasources: datasourcesFile,
      },
    });
  }
  return { tokens: tokens as Record<string, unknown>, tokensSource: tokensFile, spaces };
}
