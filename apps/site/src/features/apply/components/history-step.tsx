import { APPLY_LIMITS } from '@hirecast/domain/application';
import { useRef, useState } from 'react';
import {
  emptyEducation,
  emptyExperience,
  type TApplyDraft,
  type TEducationDraft,
  type TExperienceDraft,
  type TFieldErrors,
} from '../lib/apply-form.ts';
import { HistoryEntry, type TEntry, type TEntryFields } from './history-entry.tsx';
import { useRescueFocus } from '../../../lib/use-rescue-focus.ts';

const EXPERIENCE_FIELDS: TEntryFields<TExperienceDraft> = {
  noun: 'experience',
  main: { key: 'title', label: 'Job title', autoComplete: 'organization-title' },
  org: { key: 'employer', label: 'Employer', autoComplete: 'organization' },
  extra: { key: 'location', label: 'Location' },
  presentLabel: 'I work here now',
};

const EDUCATION_FIELDS: TEntryFields<TEducationDraft> = {
  noun: 'education',
  main: { key: 'field', label: 'Field of study' },
  org: { key: 'school', label: 'School or university' },
  extra: { key: 'degree', label: 'Degree' },
  presentLabel: 'I study here now',
};

function HistoryList<T extends TEntry>({
  listKey,
  title,
  items,
  fields,
  makeEmpty,
  errors,
  onItems,
}: {
  listKey: 'experience' | 'education';
  title: string;
  items: T[];
  fields: TEntryFields<T>;
  makeEmpty: () => T;
  errors: TFieldErrors;
  onItems: (items: T[]) => void;
}) {
  const [added, setAdded] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Removing an entry removes its focused Remove button: continue from the Add button.
  useRescueFocus(addButton, items.length);
  return (
    <section className="history-section" aria-labelledby={`${listKey}-title`}>
      <h3 id={`${listKey}-title`}>{title}</h3>
      {items.map((entry, index) => (
        <HistoryEntry
          key={entry.id}
          listKey={listKey}
          index={index}
          entry={entry}
          fields={fields}
          errors={errors}
          autoFocus={entry.id === added}
          onChange={(next) => onItems(items.map((e) => (e.id === entry.id ? next : e)))}
          onRemove={() => onItems(items.filter((e) => e.id !== entry.id))}
        />
      ))}
      {items.length < APPLY_LIMITS.itemsMax && (
        <button
          ref={addButton}
          type="button"
          className="button button-secondary"
          onClick={() => {
            const entry = makeEmpty();
            setAdded(entry.id);
            onItems([...items, entry]);
          }}
        >
          Add {fields.noun}
        </button>
      )}
    </section>
  );
}

/** Step 2 (optional): experience and education entries, added and removed freely. */
export function HistoryStep({
  draft,
  errors,
  onChange,
}: {
  draft: TApplyDraft;
  errors: TFieldErrors;
  onChange: (patch: Partial<Pick<TApplyDraft, 'experience' | 'education'>>) => void;
}) {
  return (
    <>
      <p className="step-intro">
        Both are optional: add what helps the employer understand your background, or continue without.
      </p>
      <HistoryList
        listKey="experience"
        title="Experience"
        items={draft.experience}
        fields={EXPERIENCE_FIELDS}
        makeEmpty={emptyExperience}
        errors={errors}
        onItems={(experience) => onChange({ experience })}
      />
      <HistoryList
        listKey="education"
        title="Education"
        items={draft.education}
        fields={EDUCATION_FIELDS}
        makeEmpty={emptyEducation}
        errors={errors}
        onItems={(education) => onChange({ education })}
      />
    </>
  );
}
