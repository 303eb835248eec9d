import type { TranslatableKey } from '#contract/content.ts';
import classes from './editor.module.css';
import { keyPath } from './key-label.ts';

/**
 * A key as plain text, in the place and height its row takes: drawn for a key the list scrolls into view, until
 * the scroll rests and its editor mounts. A row's editor costs a few milliseconds to mount, and a fast scroll
 * brings in dozens of rows a second.
 */
export function KeyRowPreview({ keyData: key, height }: { keyData: TranslatableKey; height: number }) {
  return (
    <div className={`${classes.row} ${classes.preview}`} style={{ height }} data-testid="key-row-preview" aria-hidden>
      <div className={classes.previewPath}>{keyPath(key)}</div>
      <div className={classes.columns}>
        <div className={classes.previewText}>{key.value_text}</div>
        <div className={classes.previewText}>{key.translated_key_value_text ?? ''}</div>
      </div>
    </div>
  );
}
