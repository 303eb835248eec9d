// Benchmark: a story of 500 keys (text, Markdown and richtext) AI-translated through the real pipeline
// (key items, chunking, checks, retries) against the local OpenAI. Reports the model requests it took and
// the keys lost; the bar is at most 15 requests and none lost. Run: npm run bench:ai
import { createAiTranslator } from '#server/adapters/openai/ai-translator.ts';
import { prepareKey, type KeyToTranslate } from '#server/features/ai/ai-items.ts';
import { startFakeOpenAI } from '#tests/fakes/openai/server.ts';

const KEYS = 500;
const MAX_REQUESTS = 15;

function richtext(index: number) {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: `Section ${index} of the guide` }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Read the ' },
          {
            type: 'text',
            text: 'full documentation',
            marks: [{ type: 'link', attrs: { href: `/docs/${index}`, linktype: 'url' } }],
          },
          { type: 'text', text: ' before you ' },
          { type: 'text', text: 'start', marks: [{ type: 'bold' }] },
          { type: 'hard_break' },
          { type: 'text', text: 'Questions? Ask the team.' },
        ],
      },
    ],
  };
}

function key(index: number): KeyToTranslate {
  const kind = index % 5;
  const base = { ref: `k${index}`, key: `uid-${index}:section:field`, component: 'section', field: 'field' };
  if (kind === 0) return { ...base, fieldType: 'richtext', value: richtext(index) };
  if (kind === 1)
    return {
      ...base,
      fieldType: 'markdown',
      value: `## Step ${index}\nInstall with \`npm install\` and read [the guide](https://example.com/${index}).`,
    };
  return {
    ...base,
    fieldType: 'text',
    value: `Weather forecasts for {city}, updated every ${index} minutes for your whole team.`,
  };
}

const openai = await startFakeOpenAI({ seed: 'bench' });
try {
  const translator = createAiTranslator({
    apiKey: 'bench',
    baseURL: openai.baseUrl,
    model: 'gpt-4o-mini',
    maxRetries: 2,
  });
  const prepared = Array.from({ length: KEYS }, (_, index) => prepareKey(key(index)));
  const started = performance.now();
  const result = await translator.translate({
    source: { code: 'source', name: 'English' },
    target: { code: 'de', name: 'German' },
    glossary: [],
    items: prepared.flatMap((entry) => entry.items),
  });
  const lost = prepared.filter((entry) => 'error' in entry.assemble(result.translations, result.failures)).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  process.stdout.write(
    `AI translation of one story: ${KEYS} keys, ${prepared.reduce((sum, entry) => sum + entry.items.length, 0)} items, ` +
      `${result.requests} model requests (bar: at most ${MAX_REQUESTS}), ${lost} keys lost (bar: 0), ${seconds} s on the local model\n`,
  );
  if (result.requests > MAX_REQUESTS || lost > 0) process.exitCode = 1;
} finally {
  await openai.close();
}
