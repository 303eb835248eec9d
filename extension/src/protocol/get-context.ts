import { isRecord, TOOL_ACTION } from './tool-message.ts';

export interface GetContextRequest {
  action: typeof TOOL_ACTION;
  tool: string;
  event: 'getContext';
}

/** Asks the Visual Editor for the story it shows and the language it shows it in. */
export function getContextRequest(tool: string): GetContextRequest {
  return { action: TOOL_ACTION, tool, event: 'getContext' };
}

/** The story as the Visual Editor sends it: Storyblok's story object, of which the panel reads these fields. */
export interface ContextStory {
  id: number;
  name: string;
  fullSlug: string | null;
  /** The story's Storyblok space, when the editor's story object carries it. */
  spaceId: number | null;
}

export interface EditorContext {
  story: ContextStory;
  /** The editor's language code as sent ('' or 'default' for the default language). */
  language: string;
}

/**
 * The Visual Editor's answer, `{ action: 'get-context', language, story }`; null for anything else or anything
 * malformed (no story, a story without a numeric id), which the panel ignores.
 */
export function readGetContextResponse(data: unknown): EditorContext | null {
  if (!isRecord(data) || data.action !== 'get-context') return null;
  const { story, language } = data;
  if (!isRecord(story)) return null;
  const id = positiveId(story.id);
  if (id === null) return null;
  return {
    story: {
      id,
      name: typeof story.name === 'string' ? story.name : '',
      fullSlug: typeof story.full_slug === 'string' ? story.full_slug : null,
      spaceId: positiveId(story.space_id),
    },
    language: typeof language === 'string' ? language : '',
  };
}

/** Storyblok ids arrive as numbers, and sometimes as digit strings. */
function positiveId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}
