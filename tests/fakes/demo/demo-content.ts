import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateData, writeData } from '../storyblok/generate/generate-data.ts';
import { demoContent } from './demo-settings.ts';

/** The local Storyblok's data folder inside the demo's data folder. */
export const storyblokDirOf = (dataDir: string) => path.join(dataDir, 'storyblok');

/**
 * Generates the two demo spaces when the folder is missing. It is written beside the target and renamed into
 * place, so a run stopped half-way never leaves a folder a later run would take as complete.
 */
export async function ensureDemoContent(
  dataDir: string,
  stories: number,
  log: (line: string) => void,
): Promise<{ generated: boolean }> {
  const target = storyblokDirOf(dataDir);
  if (existsSync(path.join(target, 'tokens.json'))) return { generated: false };
  const started = Date.now();
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  const spaces = [
    { ...demoContent.mainSpace, stories, seed: demoContent.seed },
    { ...demoContent.spareSpace, stories: Math.max(10, Math.round(stories / 5)), seed: `${demoContent.seed}-spare` },
  ];
  for (const space of spaces) {
    const data = generateData({ stories: space.stories, seed: space.seed, spaceId: space.id, token: demoContent.pat });
    data.space.name = space.name;
    await writeData(partial, data);
  }
  // writeData writes a tokens.json for its one space: give the token both.
  await writeFile(
    path.join(partial, 'tokens.json'),
    `${JSON.stringify({ [demoContent.pat]: spaces.map((space) => space.id) }, null, 2)}\n`,
  );
  await rm(target, { recursive: true, force: true });
  await rename(partial, target);
  log(
    `Generated the demo content (${spaces.map((s) => `${s.name}: ${s.stories} stories`).join(', ')}) ` +
      `in ${Date.now() - started} ms.`,
  );
  return { generated: true };
}
