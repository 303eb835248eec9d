import { z } from 'zod';
import { createRandom, type Random } from '../storyblok/random.ts';

const count = z.number().int().min(1).default(1);

/** What the next chat requests answer instead of a normal translation; each entry serves `count` requests. */
export const failureSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('rate_limit'),
    count,
    // Fractions are allowed so tests that let the SDK retry do not wait whole seconds.
    retryAfterSeconds: z.number().min(0).default(1),
    limit: z.enum(['requests', 'tokens']).default('requests'),
  }),
  z.object({ kind: z.literal('quota_exceeded'), count }),
  /** 400 billing_hard_limit_reached: the organisation's monthly budget is spent. */
  z.object({ kind: z.literal('billing_hard_limit'), count }),
  /** 429 billing_not_active: the account has no active billing. */
  z.object({ kind: z.literal('billing_not_active'), count }),
  /** 401 invalid_api_key, as for a wrong key (the key was revoked meanwhile). */
  z.object({ kind: z.literal('invalid_api_key'), count }),
  /** 404 model_not_found, as for a model the key may not use (its access was withdrawn meanwhile). */
  z.object({ kind: z.literal('model_not_found'), count }),
  z.object({ kind: z.literal('server_error'), count, status: z.number().int().min(500).max(599).default(500) }),
  z.object({ kind: z.literal('context_length'), count }),
  /** The socket closes without an answer: the SDK's APIConnectionError. */
  z.object({ kind: z.literal('disconnect'), count }),
  /** A normal answer after `ms` more: for the product's timeouts. */
  z.object({ kind: z.literal('slow'), count, ms: z.number().int().min(0).max(600_000) }),
  z.object({
    kind: z.literal('malformed_json'),
    count,
    /** not_json: JSON in a Markdown fence; wrong_shape: valid JSON off the schema; truncated: cut, finish_reason length. */
    variant: z.enum(['not_json', 'wrong_shape', 'truncated']).default('not_json'),
  }),
  /** Omits these ids from `translations` (default: the last item's id). */
  z.object({ kind: z.literal('drop_keys'), count, keys: z.array(z.string()).optional() }),
  /** In one item (`key`, default the first with a marker), a marker is lost or renumbered. */
  z.object({
    kind: z.literal('break_markers'),
    count,
    key: z.string().optional(),
    variant: z.enum(['drop', 'renumber']).default('drop'),
  }),
  z.object({ kind: z.literal('refusal'), count, message: z.string().optional() }),
]);

export const failureListSchema = z.array(failureSchema);

export type FakeFailure = z.output<typeof failureSchema>;
/** What tests pass: `count` and the other defaults may be left out. */
export type FakeFailureInput = z.input<typeof failureSchema>;

export interface TrafficSettings {
  latencyMs: number;
  /** Share (0..1) of chat requests answered 500 or 503 when no queued failure applies. */
  failRate: number;
}

export class FailureControl {
  readonly queue: FakeFailure[] = [];
  readonly traffic: TrafficSettings;
  private readonly dice: Random;

  constructor(traffic: TrafficSettings, seed: string | number) {
    this.traffic = traffic;
    this.dice = createRandom(seed);
  }

  enqueue(list: FakeFailureInput[]): void {
    this.queue.push(...failureListSchema.parse(list));
  }

  clear(): void {
    this.queue.length = 0;
  }

  /** The failure this request plays, taking one use off the head of the queue, else a fail-rate roll. */
  next(): FakeFailure | null {
    const head = this.queue[0];
    if (head) {
      if (head.count <= 1) this.queue.shift();
      else this.queue[0] = { ...head, count: head.count - 1 };
      return { ...head, count: 1 };
    }
    // Rolled only when a fail rate is set, so adding one later does not shift what earlier requests saw.
    if (this.traffic.failRate > 0 && this.dice.chance(this.traffic.failRate)) {
      return { kind: 'server_error', count: 1, status: this.dice.chance(0.5) ? 500 : 503 };
    }
    return null;
  }
}

const markerPattern = /<\/?(\d+)>|<(\d+)\s*\/>/g;

function breakMarkers(text: string, variant: 'drop' | 'renumber'): string {
  const numbers = [...text.matchAll(markerPattern)].map((m) => Number(m[1] ?? m[2]));
  if (numbers.length === 0) return `${text} <9/>`;
  if (variant === 'drop') return text.replace(/<\/?\d+>|<\d+\s*\/>/, '');
  const from = numbers[0] as number;
  const to = Math.max(...numbers) + 1;
  return text.replace(markerPattern, (m, open?: string, single?: string) =>
    Number(open ?? single) === from ? m.replace(/\d+/, String(to)) : m,
  );
}

/** Applies a content failure to the answer's `translations`; other kinds never reach here. */
export function damageTranslations(
  translations: Record<string, string>,
  failure: Extract<FakeFailure, { kind: 'drop_keys' | 'break_markers' }>,
): Record<string, string> {
  const out = { ...translations };
  const ids = Object.keys(out);
  if (failure.kind === 'drop_keys') {
    for (const key of failure.keys ?? ids.slice(-1)) delete out[key];
    return out;
  }
  const key = failure.key ?? ids.find((id) => new RegExp(markerPattern.source).test(out[id] ?? '')) ?? ids[0];
  if (key !== undefined && out[key] !== undefined) out[key] = breakMarkers(out[key], failure.variant);
  return out;
}
