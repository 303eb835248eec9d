import { parseArgs } from 'node:util';
import { FakeDataError } from './read-data-dir.ts';
import { startFakeStoryblok } from './server.ts';
import { regions, type Region } from './types.ts';
import { stopOnSignals } from '../stop-on-signals.ts';

const usage = `Usage: npm run fake:storyblok -- --data <dir> [--port 4010] [--host 127.0.0.1] [--rate <req/s per token>]
       [--latency <ms>] [--fail-rate <0..1>] [--seed <s>] [--region eu|us|ca|ap|cn]`;

function numberOption(name: string, value: string | undefined, check: (n: number) => boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || !check(n)) {
    console.error(`--${name}: invalid value "${value}"\n${usage}`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      rate: { type: 'string' },
      latency: { type: 'string' },
      'fail-rate': { type: 'string' },
      seed: { type: 'string' },
      region: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.data) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  if (values.region && !regions.includes(values.region as Region)) {
    console.error(`--region: one of ${regions.join(', ')}`);
    process.exit(2);
  }
  const fake = await startFakeStoryblok({
    dataDir: values.data,
    port: numberOption('port', values.port, (n) => Number.isInteger(n) && n >= 0 && n < 65536),
    host: values.host,
    rate: numberOption('rate', values.rate, (n) => n > 0),
    latencyMs: numberOption('latency', values.latency, (n) => n >= 0),
    failRate: numberOption('fail-rate', values['fail-rate'], (n) => n >= 0 && n <= 1),
    seed: values.seed,
    region: values.region as Region | undefined,
  });
  const spaces = fake.state.spaces.size;
  const stories = [...fake.state.spaces.values()].reduce((n, e) => n + e.stories.size, 0);
  console.log(`Local Storyblok on ${fake.baseUrl} (MAPI /v1, CDN /v2/cdn, OAuth /oauth)`);
  console.log(`  ${spaces} space(s), ${stories} stories; region hosts under /<region>/ (${regions.join(', ')})`);

  stopOnSignals('Local Storyblok', () => fake.close());
}

main().catch((error: unknown) => {
  console.error(error instanceof FakeDataError ? error.message : error);
  process.exit(1);
});
