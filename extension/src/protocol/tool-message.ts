/**
 * Storyblok's tool-plugin messages (reference storyblok.md §7.4). Every message the panel sends names the tool
 * by its slug under `action: 'tool-changed'`; the Visual Editor answers with its own actions.
 */
export const TOOL_ACTION = 'tool-changed';

/** Where the panel posts: the Visual Editor's window, always with an explicit target origin. */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
