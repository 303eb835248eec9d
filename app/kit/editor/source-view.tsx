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
  keyData: Pick<TranslatableKey, 'field_type' | 'value' | 'value_text'>;
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
      <GlossaryText text={text} terms={terms} />
    </div>
  );
});
