import { startFakeStripe, stripeEnv } from '../stripe/server.ts';
import { startOnFreePort } from './start-on-free-port.ts';

export interface DemoStripe {
  /** What Polyblok's environment gets so its billing talks to the stand-in. */
  env: Record<string, string>;
  baseUrl: string;
  /** Polyblok's address is known once it listens: the stand-in's webhooks go there from then on. */
  sendWebhooksTo(polyblokUrl: string): void;
  close(): Promise<void>;
}

/**
 * The local Stripe stand-in, on DEMO_STRIPE_PORT or 12111 (what `npm run fake:stripe` uses) or the next free
 * port. Its keys replace any Stripe keys of the shell: the demo never charges a real card.
 */
export async function startDemoStripe(port: number | null): Promise<DemoStripe> {
  const standIn = await startOnFreePort({
    what: 'local Stripe',
    chosen: port,
    usual: 12111,
    variable: 'DEMO_STRIPE_PORT',
    start: (candidate) => startFakeStripe({ port: candidate, host: '127.0.0.1' }),
  });
  return {
    env: stripeEnv(standIn),
    baseUrl: standIn.url,
    sendWebhooksTo: (polyblokUrl) => standIn.setWebhookUrl(`${polyblokUrl}/api/stripe/webhook`),
    close: () => standIn.close(),
  };
}
