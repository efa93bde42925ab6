import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { fieldId } from '../lib/apply-form.ts';

type TFieldFrame = {
  /** The dotted field path ('email', 'experience.0.title'): gives the input id and finds its error. */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
};

/** A label, the control, a hint and the error: the error is tied to the control with aria-describedby. */
function describedBy(name: string, hint: ReactNode, error: string | undefined) {
  const id = fieldId(name);
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldFrame({ name, label, hint, error, optional, children }: TFieldFrame & { children: ReactNode }) {
  const id = fieldId(name);
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="optional"> (optional)</span>}
      </label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          <span aria-hidden="true">! </span>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  name,
  label,
  hint,
  error,
  optional,
  value,
  onValue,
  ...input
}: TFieldFrame & { value: string; onValue: (value: string) => void } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'name' | 'value' | 'onChange'
  >) {
  return (
    <FieldFrame name={name} label={label} hint={hint} error={error} optional={optional}>
      <input
        className="input"
        type="text"
        {...input}
        id={fieldId(name)}
        name={name}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
        required={!optional && !input.disabled}
      />
    </FieldFrame>
  );
}

export function TextArea({
  name,
  label,
  hint,
  error,
  optional,
  value,
  onValue,
  ...textarea
}: TFieldFrame & { value: string; onValue: (value: string) => void } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'name' | 'value' | 'onChange'
  >) {
  return (
    <FieldFrame name={name} label={label} hint={hint} error={error} optional={optional}>
      <textarea
        className="input textarea"
        rows={4}
        {...textarea}
        id={fieldId(name)}
        name={name}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
        required={!optional}
      />
    </FieldFrame>
  );
}

/** An error that has no input of its own (the video, an upload), announced when it appears. */
export function FieldMessage({ name, error }: { name: string; error?: string }) {
  return (
    <p className="field-error" id={`${fieldId(name)}-error`} role="alert">
      {error && (
        <>
          <span aria-hidden="true">! </span>
          {error}
        </>
      )}
    </p>
  );
}
