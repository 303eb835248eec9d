import { spawn } from 'node:child_process';
import { once } from 'node:events';
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeTranslate, type FakeGlossaryEntry } from '#tests/fakes/openai/fake-translate.ts';
import type { FakeFailureInput } from '#tests/fakes/openai/failures.ts';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { translationChatBody, translationRequest } from '#tests/fakes/openai/translation-chat.ts';

const term = (t: string, translation: string, more: Partial<FakeGlossaryEntry> = {}): FakeGlossaryEntry => ({
  term: t,
  translation,
  case_sensitive: false,
  do_not_translate: false,
  ...more,
});

describe('fakeTranslate, the stand-in translation', () => {
  const de = (text: string, format: 'text' | 'markdown' | 'richtext' = 'text', glossary: FakeGlossaryEntry[] = []) =>
    fakeTranslate(text, { target: 'de', format, glossary });

  it('reverses the letters of each word, prefixes the target and keeps markers in order', () => {
    expect(de('Buy <1>Weather API</1> today')).toBe('[de] yuB <1>rehtaeW IPA</1> yadot');
    expect(de('Line one<2/>line <3>two</3>!', 'richtext')).toBe('[de] eniL eno<2/>enil <3>owt</3>!');
    expect(de('Café naïve 😀')).toBe('[de] éfaC evïan 😀');
  });

  it('keeps placeholders, and ICU keywords and selectors while translating the case messages', () => {
    expect(de('Hello {name}, {{count}} new %s and %1$s')).toBe('[de] olleH {name}, {{count}} wen %s dna %1$s');
    expect(de('You have {n, plural, =0 {no items} one {# item} other {# items from {who}}}.')).toBe(
      '[de] uoY evah {n, plural, =0 {on smeti} one {# meti} other {# smeti morf {who}}}.',
    );
    expect(de('{g, select, male {He said} other {They said}}')).toBe(
      '[de] {g, select, male {eH dias} other {yehT dias}}',
    );
    expect(de('{d, date, short} at {t, time}')).toBe('{d, date, short} [de] ta {t, time}');
  });

  it('keeps Markdown syntax, link targets, code and URLs byte for byte', () => {
    const source = [
      '# Big *news* and **more**',
      '- [Read it](https://example.com/a_(b) "Title") or `npm run it`',
      '1. ![An image](img.png) at https://polyblok.dev/docs.',
      '```js',
      'const keep = "this";',
      '```',
    ].join('\n');
    expect(de(source, 'markdown')).toBe(
      [
        '# [de] giB *swen* dna **erom**',
        '- [daeR ti](https://example.com/a_(b) "Title") ro `npm run it`',
        '1. ![nA egami](img.png) ta https://polyblok.dev/docs.',
        '```js',
        'const keep = "this";',
        '```',
      ].join('\n'),
    );
  });

  it('changes only letters: the rest of every text survives in order, and the length stays close', () => {
    const samples = [
      'A <1>b</1> c<2/>',
      'Price: {amount, number} — 50% off!',
      '## Title\n\n> quote _x_',
      'x@y.z, 3 apples',
    ];
    for (const source of samples) {
      const out = de(source, 'markdown');
      expect(out.replace('[de] ', '').replace(/\p{L}/gu, '')).toBe(source.replace(/\p{L}/gu, ''));
      expect(out.length).toBeLessThanOrEqual(source.length + 5);
    }
  });

  it('applies glossary terms untransformed, respecting case sensitivity and do-not-translate', () => {
    const glossary = [
      term('Weather API', 'Wetter-API', { case_sensitive: true }),
      term('api', 'Schnittstelle'),
      term('storyblok', 'x', { do_not_translate: true }),
    ];
    expect(de('The Weather API and the weather api', 'text', glossary)).toBe(
      '[de] ehT Wetter-API dna eht rehtaew Schnittstelle',
    );
    expect(de('Storyblok and STORYBLOK, not RAPID', 'text', glossary)).toBe('[de] Storyblok dna STORYBLOK, ton DIPAR');
    expect(de('<1>API</1> docs', 'richtext', glossary)).toBe('<1>[de] Schnittstelle</1> scod');
  });

  it('is deterministic, and leaves empty and wordless texts as they are', () => {
    expect(de('Same input')).toBe(de('Same input'));
    expect(de('')).toBe('');
    expect(de('  ')).toBe('  ');
    expect(de('42 {count} <1/>')).toBe('42 {count} <1/>');
  });
});

let fake: FakeOpenAI;
let client: OpenAI;
const apiKey = 'sk-test-polyblok';

beforeEach(async () => {
  fake = await startFakeOpenAI();
  client = new OpenAI({ apiKey, baseURL: fake.baseUrl, maxRetries: 0 });
});

afterEach(async () => {
  await fake.close();
});

const request = translationRequest(
  [
    { id: 'a', text: 'Buy <1>Weather API</1> today' },
    { id: 'b', text: 'Hello {name}, {n, plural, one {# item} other {# items}}' },
    { id: 'c', text: '## Our *Storyblok* plans', format: 'markdown' },
    { id: 'd', text: '' },
  ],
  {
    glossary: [
      { term: 'Weather API', translation: 'Wetter-API', case_sensitive: true },
      { term: 'Storyblok', translation: 'Storyblok', do_not_translate: true },
    ],
  },
);
const expected = {
  a: '[de] yuB <1>Wetter-API</1> yadot',
  b: '[de] olleH {name}, {n, plural, one {# meti} other {# smeti}}',
  c: '## [de] ruO *Storyblok* snalp',
  d: '',
};

async function translateOnce(c: OpenAI = client) {
  const completion = await c.chat.completions.create(translationChatBody(request));
  const choice = completion.choices[0];
  return { completion, choice, parsed: () => JSON.parse(choice?.message.content ?? 'null') as unknown };
}

async function failOnce(failure: FakeFailureInput): Promise<unknown> {
  fake.queueFailures([failure]);
  return translateOnce().then(
    () => null,
    (error: unknown) => error,
  );
}

describe('fake OpenAI through the openai SDK', () => {
  it('answers a chat completion with the structured translations, exactly the ids', async () => {
    const { completion, choice, parsed } = await translateOnce();
    expect(completion).toMatchObject({ object: 'chat.completion', model: 'gpt-4o-mini' });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(choice).toMatchObject({ index: 0, finish_reason: 'stop', logprobs: null });
    expect(choice?.message).toMatchObject({ role: 'assistant', refusal: null });
    expect(parsed()).toEqual({ translations: expected });
    const usage = completion.usage;
    expect(usage?.prompt_tokens).toBeGreaterThan(JSON.stringify(request).length / 5);
    expect(usage?.total_tokens).toBe((usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0));
  });

  it('is deterministic across requests', async () => {
    const first = await translateOnce();
    const second = await translateOnce();
    expect(second.choice?.message.content).toBe(first.choice?.message.content);
  });

  it('honours the json_schema: keys come from the schema, and a schema strict mode refuses is a 400', async () => {
    const body = translationChatBody(request);
    body.response_format.json_schema.schema = translationResponseSchemaFor(['a', 'z']);
    const answer = await client.chat.completions.create(body);
    expect(JSON.parse(answer.choices[0]?.message.content ?? '')).toEqual({
      translations: { a: expected.a, z: '[fake] z' },
    });

    const loose = { ...body.response_format.json_schema.schema, additionalProperties: true };
    body.response_format.json_schema.schema = loose;
    const error = await client.chat.completions.create(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ param: 'response_format', type: 'invalid_request_error' });
    expect((error as Error).message).toContain("'additionalProperties' is required to be supplied and to be false");
  });

  it('rejects a body that is not a Chat Completions request with OpenAI’s 400 shape', async () => {
    const noMessages = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [] }).catch((e) => e);
    expect(noMessages).toBeInstanceOf(BadRequestError);
    expect(noMessages).toMatchObject({ code: 'empty_array', param: 'messages' });

    const post = (body: string) =>
      fetch(`${fake.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body,
      });
    const broken = await post('{"model":');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { type: 'invalid_request_error', param: null, code: null } });
    const unknown = await (await post('{"model":"m","messages":[{"role":"user","content":"x"}],"foo":1}')).json();
    expect(unknown.error.message).toBe('Unrecognized request argument supplied: foo');
  });

  it('answers 401 without a key, and with another key than the configured one', async () => {
    const res = await fetch(`${fake.baseUrl}/chat/completions`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: {
        message: expect.stringContaining("didn't provide an API key"),
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });

    const strict = await startFakeOpenAI({ apiKey: 'sk-right', model: 'gpt-test' });
    try {
      const wrong = new OpenAI({ apiKey: 'sk-wrong-key', baseURL: strict.baseUrl, maxRetries: 0 });
      await expect(wrong.models.list()).rejects.toBeInstanceOf(AuthenticationError);
      const right = new OpenAI({ apiKey: 'sk-right', baseURL: strict.baseUrl, maxRetries: 0 });
      expect((await right.models.list()).data.map((m) => m.id)).toEqual(['gpt-test']);
      const other = await right.chat.completions.create(translationChatBody(request, 'gpt-other')).catch((e) => e);
      expect(other).toBeInstanceOf(NotFoundError);
      expect(other).toMatchObject({ code: 'model_not_found' });
    } finally {
      await strict.close();
    }
  });
});

describe('fake OpenAI failures, as the SDK surfaces them', () => {
  it('rate limit: RateLimitError with retry-after and x-ratelimit headers, for `count` requests', async () => {
    fake.queueFailures([{ kind: 'rate_limit', count: 2, retryAfterSeconds: 2 }]);
    for (let i = 0; i < 2; i += 1) {
      const error = await translateOnce().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      const { headers, code, type } = error as RateLimitError;
      expect({ code, type }).toEqual({ code: 'rate_limit_exceeded', type: 'requests' });
      expect(headers.get('retry-after')).toBe('2');
      expect(headers.get('x-ratelimit-remaining-requests')).toBe('0');
      expect(headers.get('x-ratelimit-reset-requests')).toBe('2s');
    }
    expect((await translateOnce()).parsed()).toEqual({ translations: expected });
  });

  it('rate limit: the SDK retries after retry-after, and the log shows each attempt', async () => {
    fake.queueFailures([{ kind: 'rate_limit', count: 2, retryAfterSeconds: 0.01 }]);
    const retrying = new OpenAI({ apiKey, baseURL: fake.baseUrl, maxRetries: 2 });
    expect((await translateOnce(retrying)).parsed()).toEqual({ translations: expected });
    const log = fake.requests();
    expect(log.map((r) => [r.retryCount, r.status, r.outcome])).toEqual([
      [0, 429, 'rate_limit'],
      [1, 429, 'rate_limit'],
      [2, 200, 'ok'],
    ]);
  });

  it('quota, server errors, context length and a dropped connection', async () => {
    expect(await failOnce({ kind: 'quota_exceeded' })).toMatchObject({ status: 429, code: 'insufficient_quota' });
    for (const status of [500, 502, 503]) {
      const error = await failOnce({ kind: 'server_error', status });
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error).toMatchObject({ status, type: 'server_error' });
    }
    const long = await failOnce({ kind: 'context_length' });
    expect(long).toBeInstanceOf(BadRequestError);
    expect(long).toMatchObject({ code: 'context_length_exceeded', param: 'messages' });
    expect(await failOnce({ kind: 'disconnect' })).toBeInstanceOf(APIConnectionError);
  });

  it('billing, a revoked key and a withdrawn model, as OpenAI answers them', async () => {
    expect(await failOnce({ kind: 'billing_hard_limit' })).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      code: 'billing_hard_limit_reached',
      message: expect.stringContaining('Billing hard limit has been reached'),
    });
    expect(await failOnce({ kind: 'billing_not_active' })).toMatchObject({
      status: 429,
      type: 'billing_not_active',
      code: 'billing_not_active',
    });
    expect(await failOnce({ kind: 'invalid_api_key' })).toMatchObject({
      status: 401,
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      message: expect.stringContaining('Incorrect API key provided'),
    });
    expect(await failOnce({ kind: 'model_not_found' })).toMatchObject({
      status: 404,
      type: 'invalid_request_error',
      code: 'model_not_found',
      message: expect.stringContaining('does not exist or you do not have access to it'),
    });
  });

  it('slow answers run into the client timeout', async () => {
    fake.queueFailures([{ kind: 'slow', ms: 5_000 }]);
    const impatient = new OpenAI({ apiKey, baseURL: fake.baseUrl, maxRetries: 0, timeout: 100 });
    await expect(translateOnce(impatient)).rejects.toBeInstanceOf(APIConnectionTimeoutError);
  });

  it('malformed content: fenced JSON, JSON off the schema, a truncated answer', async () => {
    fake.queueFailures([
      { kind: 'malformed_json' },
      { kind: 'malformed_json', variant: 'wrong_shape' },
      { kind: 'malformed_json', variant: 'truncated' },
    ]);
    const fenced = await translateOnce();
    expect(fenced.choice?.message.content).toMatch(/^```json\n/);
    expect(() => fenced.parsed()).toThrow(SyntaxError);
    const shape = (await translateOnce()).parsed() as { translations: unknown };
    expect(Array.isArray(shape.translations)).toBe(true);
    const cut = await translateOnce();
    expect(cut.choice?.finish_reason).toBe('length');
    expect(() => cut.parsed()).toThrow(SyntaxError);
  });

  it('dropped keys and broken markers', async () => {
    fake.queueFailures([
      { kind: 'drop_keys' },
      { kind: 'drop_keys', keys: ['a', 'b'] },
      { kind: 'break_markers' },
      { kind: 'break_markers', variant: 'renumber' },
    ]);
    const keys = async () => Object.keys(((await translateOnce()).parsed() as { translations: object }).translations);
    expect(await keys()).toEqual(['a', 'b', 'c']);
    expect(await keys()).toEqual(['c', 'd']);
    const item = async () =>
      ((await translateOnce()).parsed() as { translations: Record<string, string> }).translations;
    expect((await item()).a).toBe('[de] yuB Wetter-API</1> yadot');
    expect(await item()).toEqual({ ...expected, a: '[de] yuB <2>Wetter-API</2> yadot' });
  });

  it('refusal: content null, refusal set', async () => {
    fake.queueFailures([{ kind: 'refusal' }]);
    const { choice } = await translateOnce();
    expect(choice?.message.content).toBeNull();
    expect(choice?.message.refusal).toMatch(/can't help/);
    expect(choice?.finish_reason).toBe('stop');
  });
});

describe('fake OpenAI control', () => {
  it('logs every chat request with its TranslationRequest, over HTTP too', async () => {
    await translateOnce();
    await failOnce({ kind: 'server_error' });
    const log = fake.requests();
    expect(log).toHaveLength(2);
    expect(log[0]?.translationRequest?.glossary.map((g) => g.term)).toEqual(['Weather API', 'Storyblok']);
    expect(log.map((r) => r.status)).toEqual([200, 500]);

    const viaHttp = await (await fetch(`${fake.origin}/__fake/requests`)).json();
    expect(viaHttp).toEqual(log);
    await fetch(`${fake.origin}/__fake/requests`, { method: 'DELETE' });
    expect(fake.requests()).toEqual([]);
  });

  it('takes a failure queue over HTTP and validates it', async () => {
    const admin = (method: string, body?: unknown) =>
      fetch(`${fake.origin}/__fake/failures`, {
        method,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    expect((await admin('POST', [{ kind: 'rate_limit' }, { kind: 'refusal', count: 2 }])).status).toBe(201);
    expect(fake.pendingFailures().map((f) => [f.kind, f.count])).toEqual([
      ['rate_limit', 1],
      ['refusal', 2],
    ]);
    expect((await admin('POST', [{ kind: 'no_such_kind' }])).status).toBe(400);
    expect((await admin('DELETE')).status).toBe(204);
    expect(fake.pendingFailures()).toEqual([]);
    expect((await translateOnce()).parsed()).toEqual({ translations: expected });
  });

  it('fail-rate is seeded: the same seed fails the same requests with 500 or 503', async () => {
    const run = async () => {
      const flaky = await startFakeOpenAI({ failRate: 0.4, seed: 'repeat' });
      const c = new OpenAI({ apiKey, baseURL: flaky.baseUrl, maxRetries: 0 });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        statuses.push(
          await translateOnce(c).then(
            () => 200,
            (e: InternalServerError) => e.status,
          ),
        );
      }
      await flaky.close();
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 500, 503]));
  });

  it('adds latency, lists its model, and starts from the CLI', async () => {
    fake.traffic.latencyMs = 150;
    const started = Date.now();
    await translateOnce();
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    expect((await client.models.list()).data.map((m) => m.id)).toEqual(['gpt-4o-mini']);

    const cli = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/openai/cli.ts', '--port', '0'], {
      stdio: 'pipe',
    });
    try {
      let out = '';
      cli.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      await expect.poll(() => out, { timeout: 10_000 }).toMatch(/Local OpenAI on http:\/\/127\.0\.0\.1:\d+\/v1/);
      const baseURL = /(http:\S+\/v1)/.exec(out)?.[1];
      const viaCli = new OpenAI({ apiKey, baseURL, maxRetries: 0 });
      expect((await translateOnce(viaCli)).parsed()).toEqual({ translations: expected });
    } finally {
      cli.kill('SIGTERM');
      await once(cli, 'exit');
    }
  });
});

function translationResponseSchemaFor(ids: string[]) {
  const properties = Object.fromEntries(ids.map((id) => [id, { type: 'string' }]));
  const translations = { type: 'object', properties, required: ids, additionalProperties: false };
  return { type: 'object', properties: { translations }, required: ['translations'], additionalProperties: false };
}
