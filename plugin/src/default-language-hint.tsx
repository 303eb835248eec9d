import type { ReactNode } from 'react';

export interface DefaultLanguageHintProps {
  text: string;
  /** Shown instead of the text, such as an image's thumbnail. */
  children?: ReactNode;
  copyLabel: string;
  /** Absent when there is nothing to copy (empty, or already the same). */
  onCopy: (() => void) | undefined;
}

/** The default-language value under a field in a translation, to translate from and copy when it fits. */
export function DefaultLanguageHint({ text, children, copyLabel, onCopy }: DefaultLanguageHintProps) {
  return (
    <div className="pb-default">
      <span className="pb-default__label">Default language</span>
      <div className="pb-default__value">
        {children ?? (text === '' ? <em className="pb-default__empty">Empty</em> : <span>{text}</span>)}
      </div>
      {onCopy && (
        <button type="button" className="pb-text-button" aria-label={copyLabel} onClick={onCopy}>
          Copy
        </button>
      )}
    </div>
  );
}
