import type { Env } from '../../env.ts';
import { createAiTranslator, type AiTranslator } from './ai-translator.ts';

/** The configured model, or null without a key (AI features then say they are not set up). */
export function aiTranslatorFromEnv(env: Env): AiTranslator | null {
  if (!env.OPENAI_API_KEY) return null;
  return createAiTranslator({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL });
}
