import { APPLY_LIMITS } from '@hirecast/domain/application';
import { fieldId, type TFieldErrors } from '../lib/apply-form.ts';
import { TextArea, TextField } from './form-fields.tsx';

export type TEntry = { id: string; startDate: string; endDate: string; present: boolean; info: string };
type TTextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
type TTextField<T> = { key: TTextKey<T>; label: string; autoComplete?: string };

/** How one kind of entry (experience or education) names its fields. */
export type TEntryFields<T> = {
  noun: string;
  main: TTextField<T>;
  org: TTextField<T>;
  extra: TTextField<T>;
  presentLabel: string;
};

/** One experience or education entry: its texts, the start and end months, and 'present' for the end. */
export function HistoryEntry<T extends TEntry>({
  listKey,
  index,
  entry,
  fields,
  errors,
  autoFocus,
  onChange,
  onRemove,
}: {
  listKey: 'experience' | 'education';
  index: number;
  entry: T;
  fields: TEntryFields<T>;
  errors: TFieldErrors;
  onChange: (next: T) => void;
  /** A freshly added entry takes the focus, so keyboard and screen reader users land in it. */
  autoFocus: boolean;
  onRemove: () => void;
}) {
  const path = (key: string) => `${listKey}.${index}.${key}`;
  const set = (key: keyof T, value: T[keyof T]) => onChange({ ...entry, [key]: value });
  const legend = `${fields.noun.charAt(0).toUpperCase()}${fields.noun.slice(1)} ${index + 1}`;

  const text = (field: TTextField<T>, optional = false, focus = false) => (
    <TextField
      autoFocus={focus}
      name={path(field.key)}
      label={field.label}
      optional={optional}
      autoComplete={field.autoComplete ?? 'off'}
      maxLength={APPLY_LIMITS.itemTextMax}
      value={entry[field.key] as string}
      onValue={(v) => set(field.key, v as T[keyof T])}
      error={errors[path(field.key)]}
    />
  );

  return (
    <fieldset className="entry">
      <legend>{legend}</legend>
      {text(fields.main, false, autoFocus)}
      {text(fields.org)}
      {text(fields.extra, true)}
      <div className="field-row">
        <TextField
          name={path('startDate')}
          label="Start"
          type="month"
          hint="Month and year, e.g. 2021-09"
          placeholder="YYYY-MM"
          value={entry.startDate}
          onValue={(v) => set('startDate', v as T[keyof T])}
          error={errors[path('startDate')]}
        />
        <TextField
          name={path('endDate')}
          label="End"
          type={entry.present ? 'text' : 'month'}
          hint="Month and year"
          placeholder="YYYY-MM"
          disabled={entry.present}
          value={entry.present ? 'Present' : entry.endDate}
          onValue={(v) => set('endDate', v as T[keyof T])}
          error={errors[path('endDate')]}
        />
      </div>
      <div className="checkbox">
        <input
          id={fieldId(path('present'))}
          type="checkbox"
          checked={entry.present}
          onChange={(e) => onChange({ ...entry, present: e.target.checked })}
        />
        <label htmlFor={fieldId(path('present'))}>{fields.presentLabel}</label>
      </div>
      <TextArea
        name={path('info')}
        label="Anything to add"
        optional
        rows={3}
        maxLength={APPLY_LIMITS.itemInfoMax}
        value={entry.info}
        onValue={(v) => set('info', v as T[keyof T])}
        error={errors[path('info')]}
      />
      <button type="button" className="button button-link" onClick={onRemove}>
        Remove {fields.noun} {index + 1}
      </button>
    </fieldset>
  );
}
