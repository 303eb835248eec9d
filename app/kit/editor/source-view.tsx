import { memo } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import { isRichtextDoc } from '#contract/content-format/richtext.ts';
import classes from './editor.module.css';
import { GlossaryText } from './glossary-text.tsx';
import type { GlossaryHint } from './glossary-match.ts';
import { MarkdownView } from './markdown-view.tsx';
import { RichtextView } from './richtext-view.tsx';

/** The source of a key as it reads: richtext and Markdown rendered, glossary terms marked. */
export const SourceView = memo(function SourceView({
  keyData,
  terms,
}: {
  keyData: Pick<TranslatableKey, 'field_type' | 'value' | 'value_text' | 'image_url'>;
  terms: readonly GlossaryHint[];
}) {
  const { field_type: fieldType, value } = keyData;
  if (fieldType === 'richtext' && isRichtextDoc(value)) {
    return (
      <div className={classes.source}>
        <RichtextView doc={value} terms={terms} />
      </div>
    );
  }
  if (fieldType === 'markdown' && typeof value === 'string') {
    return (
      <div className={classes.source}>
        <MarkdownView markdown={value} terms={terms} />
      </div>
    );
  }
  const text = typeof value === 'string' ? value : keyData.value_text;
  return (
    <div className={`${classes.source} ${classes.plainText}`}>
      {keyData.image_url !== null && <ImageThumbnail url={keyData.image_url} />}
      <GlossaryText text={text} terms={terms} />
    </div>
  );
});

/** Storyblok's image service makes a small copy of an asset; any other address is shown as it is. */
export function thumbnailUrl(url: string): string {
  return /^https:\/\/a(-[a-z]+)?\.storyblok\.com\/f\//.test(url) && !/\.svg$/i.test(url) ? `${url}/m/160x0` : url;
}

/** The image an alt text or title describes: what the translator reads the text against. */
function ImageThumbnail({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noreferrer" className={classes.thumbnail} aria-label="Open the image">
      <img src={thumbnailUrl(url)} alt="" loading="lazy" data-testid="key-image" />
    </a>
  );
}
