import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateData, writeData } from './generate/generate-data.ts';

const usage =
  'Usage: npm run fake:storyblok:generate -- --stories <N> --out <dir> [--seed <s>] [--space-id <id>] [--token <pat>]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      stories: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string' },
      'space-id': { type: 'string' },
      token: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const count = Number(values.stories);
  const spaceId = values['space-id'] === undefined ? undefined : Number(values['space-id']);
  if (values.help || !values.out || !Number.isInteger(count) || count < 1) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  if (spaceId !== undefined && (!Number.isInteger(spaceId) || spaceId <= 0)) {
    console.error(`--space-id must be a positive integer\n${usage}`);
    process.exit(2);
  }
  const started = Date.now();
  const data = generateData({ stories: count, seed: values.seed, spaceId, token: values.token });
  const out = path.resolve(values.out);
  await writeData(out, data);
  console.log(
    `Wrote ${data.stories.length} stories and ${data.folders.length} folders of space ${data.spaceId} to ${out} ` +
      `in ${Date.now() - started} ms`,
  );
  console.log(`  personal access token: ${data.token}`);
  console.log(`  preview token: ${data.previewToken}   public token: ${data.publicToken}`);
  console.log(`  start it: npm run fake:storyblok -- --data ${values.out}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
