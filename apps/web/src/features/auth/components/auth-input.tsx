import { useId, type ReactNode, type Ref } from 'react';
import './auth.css';

export type TAuthInputProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The field's error: shown under it, announced with it, and the field marked invalid. */
  error?: string;
  /** Shown under the field when there is no error. */
  hint?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  endAdornment?: ReactNode;
};

// The auth pages' text field: MUI's outlined TextField (label in the outline's notch, the error or hint under
// it and announced with it) drawn in plain HTML and CSS (auth.css), since /sign-in loads no MUI (decision 035).
// No form library either: the sign-in page keeps its own state; `AuthTextField` ties it to react-hook-form.
export function AuthInput({
  name,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  hint,
  type = 'text',
  autoComplete,
  autoFocus,
  endAdornment,
}: TAuthInputProps) {
  const id = useId();
  const message = error ?? hint;
  const classes = ['hc-field', value !== '' && 'hc-field--filled', error && 'hc-field--error'];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label className="hc-field__label" htmlFor={id}>
        {label}
      </label>
      <div className={endAdornment ? 'hc-field__box hc-field__box--adorned' : 'hc-field__box'}>
        <input
          id={id}
          className="hc-field__input"
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          ref={inputRef}
          type={type}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? `${id}-helper-text` : undefined}
        />
        {endAdornment && <div className="hc-field__adornment">{endAdornment}</div>}
        <fieldset aria-hidden="true" className="hc-field__outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {message && (
        <p id={`${id}-helper-text`} className="hc-field__helper">
          {message}
        </p>
      )}
    </div>
  );
}
