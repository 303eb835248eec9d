import { connectSeoFieldPlugin, type SeoPluginState } from './field-plugin-connection.ts';
import { createSeoDraft, type SeoDraft } from './seo-draft.ts';

/** What one field instance keeps between the container's states. */
export interface SeoSession {
  draft: SeoDraft;
  /** What was wrong with the stored value when the field opened; shown until the plugin reloads. */
  repairs: readonly string[];
}

export interface StartOptions {
  targetOrigin: string;
  render: (state: SeoPluginState, session: SeoSession | null) => void;
}

/**
 * Connects to the container and keeps the draft in step with it. A stored value that had to be
 * repaired is written back at once, so the repair is saved with the story instead of being redone
 * (and the broken value kept) every time the story opens; an empty or valid value is left alone, so
 * opening a story never marks it as changed.
 */
export function startSeoPlugin({ targetOrigin, render }: StartOptions): () => void {
  let session: SeoSession | null = null;
  return connectSeoFieldPlugin({
    targetOrigin,
    onUpdateState: (state, repairs) => {
      if (state.type === 'loaded') {
        const { data, actions } = state;
        if (!session) {
          session = { draft: createSeoDraft(data.content, (content) => void actions.setContent(content)), repairs };
          if (repairs.length > 0) void actions.setContent(data.content);
        } else {
          session.draft.receive(data.content);
        }
      }
      render(state, session);
    },
  });
}
