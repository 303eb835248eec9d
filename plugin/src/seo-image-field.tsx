import { useId, useState } from 'react';
import { DefaultLanguageHint } from './default-language-hint.tsx';
import { isUsableImageUrl } from './seo-content.ts';

export interface SeoImageFieldProps {
  /** "Open Graph", "X": names the buttons and the input for screen readers. */
  context: string;
  value: string;
  /** Opens Storyblok's asset selector; the chosen file's URL becomes the value. */
  onChoose: () => Promise<void>;
  onChange: (value: string) => void;
  defaultValue?: string;
}

/** A thumbnail that says so when the address does not load, instead of a broken-image icon. */
function Thumbnail({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (url === '') return <span className="pb-thumb pb-thumb--empty">No image</span>;
  if (failed) return <span className="pb-thumb pb-thumb--empty">Cannot load the image</span>;
  return <img className="pb-thumb" src={url} alt="" onError={() => setFailed(true)} />;
}

export function SeoImageField({ context, value, onChoose, onChange, defaultValue }: SeoImageFieldProps) {
  const id = useId();
  const usable = isUsableImageUrl(value);
  return (
    <div className="pb-field">
      <div className="pb-field__top">
        <label htmlFor={id} className="pb-label">
          <span className="pb-sr-only">{context} </span>
          Image
        </label>
      </div>
      <div className="pb-image">
        <Thumbnail key={value} url={value} />
        <div className="pb-image__controls">
          <input
            id={id}
            type="url"
            className="pb-input"
            value={value}
            placeholder="https://…"
            aria-invalid={!usable || undefined}
            aria-describedby={usable ? undefined : `${id}-warning`}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
          <div className="pb-image__buttons">
            <button
              type="button"
              className="pb-button"
              aria-label={`Choose the ${context} image`}
              // No busy state: Storyblok sends nothing when its asset selector is cancelled.
              onClick={() => void onChoose()}
            >
              Choose image
            </button>
            {value !== '' && (
              <button
                type="button"
                className="pb-button pb-button--quiet"
                aria-label={`Remove the ${context} image`}
                onClick={() => onChange('')}
              >
                Remove
              </button>
            )}
          </div>
        </div>
      </div>
      {!usable && (
        <p id={`${id}-warning`} className="pb-warning">
          Social networks fetch the image themselves: use an absolute address (https://…).
        </p>
      )}
      {defaultValue !== undefined && (
        <DefaultLanguageHint
          text={defaultValue}
          copyLabel={`Copy the default-language ${context} image`}
          onCopy={defaultValue !== '' && defaultValue !== value ? () => onChange(defaultValue) : undefined}
        >
          {defaultValue === '' ? undefined : <Thumbnail key={defaultValue} url={defaultValue} />}
        </DefaultLanguageHint>
      )}
    </div>
  );
}
