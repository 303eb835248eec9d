import { createFieldPlugin, type FieldPluginResponse } from '@storyblok/field-plugin';
import { validateSeoContent, type SeoContent } from './seo-content.ts';

export type SeoPluginState = FieldPluginResponse<SeoContent>;

export interface ConnectOptions {
  /** The only origin the plugin posts to and accepts messages from (Storyblok's, or a test container's). */
  targetOrigin: string;
  /**
   * Called on every state the container sends. `repairs` says what was wrong with the value in that
   * state (empty when it was valid), which the library itself only logs.
   */
  onUpdateState: (state: SeoPluginState, repairs: readonly string[]) => void;
}

/**
 * Starts the field-plugin protocol: posts `loaded` to the container and reports each state it answers
 * with, the stored value repaired by `validateSeoContent`. Returns the cleanup of the library's
 * listeners (messages, height, Escape key).
 */
export function connectSeoFieldPlugin({ targetOrigin, onUpdateState }: ConnectOptions): () => void {
  // The library validates a message right before it reports the state built from it, so the repairs
  // of the last validation belong to the state reported next.
  let repairs: readonly string[] = [];
  return createFieldPlugin<SeoContent>({
    targetOrigin,
    validateContent: (value) => {
      const result = validateSeoContent(value);
      repairs = result.repairs;
      return result.repairs.length > 0
        ? { content: result.content, error: `The stored SEO value was repaired: ${result.repairs.join('; ')}` }
        : { content: result.content };
    },
    onUpdateState: (state) => onUpdateState(state, state.type === 'loaded' ? repairs : []),
  });
}
