import { useCallback, useEffect, useState } from 'react';
import { emptyDraft, restoreDraft, type TApplyDraft } from '../lib/apply-form.ts';
import { clearDraft, loadDraft, saveDraft } from '../lib/session-draft.ts';

const draftKey = (shortId: string) => `hirecast.apply.${shortId}`;
const sentKey = (shortId: string) => `hirecast.applied.${shortId}`;

/** The form as typed, kept in sessionStorage per job so a reload loses nothing (files excepted). */
export function useApplyDraft(shortId: string) {
  // The flow renders only in the browser (after hydration), so storage can be read in the initialiser.
  const [draft, setDraft] = useState(() => restoreDraft(loadDraft(draftKey(shortId))));
  useEffect(() => saveDraft(draftKey(shortId), draft), [shortId, draft]);

  const update = useCallback((patch: Partial<TApplyDraft>) => setDraft((d) => ({ ...d, ...patch })), []);

  /** After a successful submit: forget the draft, remember where the confirmation went (for a reload). */
  const markSent = useCallback(
    (email: string) => {
      setDraft(emptyDraft());
      clearDraft(draftKey(shortId));
      saveDraft(sentKey(shortId), email);
    },
    [shortId],
  );

  return { draft, update, markSent, sentTo: () => loadDraft<string>(sentKey(shortId)) };
}
