import { createContext, useContext } from 'react';
import type { StoryDetail } from '#contract/content.ts';
import type { DraftStore } from './drafts-store.ts';
import type { GlossaryHint } from './glossary-match.ts';

/** What every row of one story editor shares: where it writes, the unsaved texts, the settings in force. */
export interface EditorContextValue {
  spaceId: number;
  storyId: number;
  spaceLocaleId: number;
  localeCode: string;
  localeName: string;
  sourceName: string;
  drafts: DraftStore;
  verifyOnSave: boolean;
  /** The member may save, verify and ask AI (translator and up); viewers read only. */
  canTranslate: boolean;
  /** The member may publish the language in Storyblok (editor and up). */
  canPublish: boolean;
  glossary: readonly GlossaryHint[];
}

/** One language of the side-by-side view: its own story detail and its own editor context. */
export interface CompareColumn {
  story: StoryDetail;
  context: EditorContextValue;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditorContext(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditorContext must be used inside <StoryEditor>');
  return value;
}
