import type { FieldPluginActions, FieldPluginData } from '@storyblok/field-plugin';
import { useEffect, useState } from 'react';
import { DEFAULT_LANGUAGE, defaultLanguageValue } from './default-language.ts';
import type { SeoContent } from './seo-content.ts';

/**
 * In a translation of a translatable field, the default-language value to show beside the inputs;
 * null otherwise. It is read from the story the container sent with the state, then from a fresh
 * `get-context`, which includes default-language edits not saved yet.
 */
export function useDefaultLanguageValue(
  data: FieldPluginData<SeoContent>,
  actions: FieldPluginActions<SeoContent>,
): SeoContent | null {
  const shown = data.translatable && data.storyLang !== DEFAULT_LANGUAGE;
  // The field is recognised by its translation: the value as it was when the story was sent.
  const [opened] = useState(() => ({ story: data.story, content: data.content }));
  const [value, setValue] = useState(() =>
    shown ? defaultLanguageValue(opened.story.content, data.blockUid, data.storyLang, opened.content) : null,
  );

  const { blockUid, storyLang } = data;
  useEffect(() => {
    if (!shown) return;
    let active = true;
    void actions.requestContext().then((story) => {
      const fresh = defaultLanguageValue(story.content, blockUid, storyLang, opened.content);
      if (active && fresh) setValue(fresh);
    });
    return () => {
      active = false;
    };
  }, [shown, actions, blockUid, storyLang, opened]);

  return shown ? value : null;
}
