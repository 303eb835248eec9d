import { parseArgs } from 'node:util';
import { stopOnSignals } from '../stop-on-signals.ts';
import { startFakeStripe } from './server.ts';

const usage = `Usage: npm run fake:stripe -- [--port 12111] [--host 127.0.0.1] [--webhook-url <url>]
       [--webhook-secret <whsec_...>] [--api-key <sk_...>]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '12111' },
      host: { type: 'string', default: '127.0.0.1' },
      'webhook-url': { type: 'string', default: 'http://localhost:3000/api/stripe/webhook' },
      'webhook-secret': { type: 'string' },
      'api-key': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port: invalid value "${values.port}"\n${usage}`);
    process.exit(2);
  }
  const fake = await startFakeStripe({
    port,
    host: values.host,
    webhookUrl: values['webhook-url'],
    webhookSecret: values['webhook-secret'],
    apiKey: values['api-key'],
  });
  console.log(`Local Stripe on ${fake.url}`);
  console.log(`  STRIPE_API_URL=${fake.url} STRIPE_SECRET_KEY=sk_test_local`);
  console.log(`  STRIPE_WEBHOOK_SECRET=${fake.webhookSecret} STRIPE_ENTRY_PLAN_PRICE_ID=${fake.priceId}`);
  console.log(`  webhooks to ${values['webhook-url']}; test card 4242 4242 4242 4242; test control under /__fake`);
  stopOnSignals('Local Stripe', () => fake.close());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
