import { useId } from 'react';
import { DefaultLanguageHint } from './default-language-hint.tsx';
import { characterCount } from './seo-content.ts';

export interface SeoTextFieldProps {
  label: string;
  /** Read before the label by screen readers only, so the three "Title" inputs have distinct names. */
  context: string;
  value: string;
  limit: number;
  /** Who cuts a text past the limit, for the warning: "search engines", "social networks". */
  cutBy: string;
  multiline?: boolean;
  placeholder?: string;
  /** The default-language text in a translation; undefined elsewhere. */
  defaultValue?: string;
  onChange: (value: string) => void;
}

export function SeoTextField(props: SeoTextFieldProps) {
  const { label, context, value, limit, cutBy, multiline = false, placeholder, defaultValue, onChange } = props;
  const id = useId();
  const count = characterCount(value);
  const over = count - limit;
  const describedBy = over > 0 ? `${id}-count ${id}-warning` : `${id}-count`;
  const common = {
    id,
    value,
    placeholder,
    className: 'pb-input',
    'aria-describedby': describedBy,
    'aria-invalid': over > 0 || undefined,
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
  };
  return (
    <div className="pb-field">
      <div className="pb-field__top">
        <label htmlFor={id} className="pb-label">
          <span className="pb-sr-only">{context} </span>
          {label}
        </label>
        <span id={`${id}-count`} className={over > 0 ? 'pb-counter pb-counter--over' : 'pb-counter'}>
          {count} / {limit}
        </span>
      </div>
      {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
      {over > 0 && (
        <p id={`${id}-warning`} className="pb-warning">
          {over} {over === 1 ? 'character' : 'characters'} over {limit}: {cutBy} cut the rest off.
        </p>
      )}
      {defaultValue !== undefined && (
        <DefaultLanguageHint
          text={defaultValue}
          copyLabel={`Copy the default-language ${context.toLowerCase()} ${label.toLowerCase()}`}
          onCopy={defaultValue !== '' && defaultValue !== value ? () => onChange(defaultValue) : undefined}
        />
      )}
    </div>
  );
}
