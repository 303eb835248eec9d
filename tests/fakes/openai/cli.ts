import { parseArgs } from 'node:util';
import { startFakeOpenAI } from './server.ts';
import { stopOnSignals } from '../stop-on-signals.ts';

const usage = `Usage: npm run fake:openai -- [--port 4020] [--host 127.0.0.1] [--latency <ms>] [--fail-rate <0..1>]
       [--seed <s>] [--api-key <key>] [--model <name>]`;

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
      port: { type: 'string', default: '4020' },
      host: { type: 'string', default: '127.0.0.1' },
      latency: { type: 'string' },
      'fail-rate': { type: 'string' },
      seed: { type: 'string' },
      'api-key': { type: 'string' },
      model: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const fake = await startFakeOpenAI({
    port: numberOption('port', values.port, (n) => Number.isInteger(n) && n >= 0 && n < 65536),
    host: values.host,
    latencyMs: numberOption('latency', values.latency, (n) => n >= 0),
    failRate: numberOption('fail-rate', values['fail-rate'], (n) => n >= 0 && n <= 1),
    seed: values.seed,
    apiKey: values['api-key'],
    model: values.model,
  });
  console.log(`Local OpenAI on ${fake.baseUrl}`);
  console.log(`  model ${fake.model}; test control under ${fake.origin}/__fake (requests, failures, traffic)`);

  stopOnSignals('Local OpenAI', () => fake.close());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
