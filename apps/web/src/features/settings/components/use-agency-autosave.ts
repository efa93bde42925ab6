import { useCallback, useEffect, useRef, useState } from 'react';
import type { TAgency, TAgencyRequest } from '@hirecast/domain/settings';
import { ZAgencyRequest } from '@hirecast/domain/settings';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import type { TSaveStatus } from '../../../components/save-status.tsx';

// spec 2 §4 Settings saves, §9: agency fields save 1500 ms after the last change.
export const AGENCY_SAVE_MS = 1500;

export const AGENCY_FIELDS = ['name', 'email', 'phone'] as const;
export type TAgencyField = (typeof AGENCY_FIELDS)[number];
type TValues = Record<TAgencyField, string>;
type TErrors = Partial<Record<TAgencyField, string>>;

/**
 * The agency's text fields, saved together 1500 ms after the last keystroke. Only fields that changed since the
 * last save are sent, and only valid ones (domain ZAgencyRequest: name ≤35, a valid email, a mobile phone with
 * spaces, brackets and dashes stripped); an invalid one shows its message and waits for the next change.
 * Leaving the tab saves what is pending at once.
 */
export function useAgencyAutosave({
  agency,
  save,
  onError,
}: {
  agency: TAgency;
  save: (body: TAgencyRequest) => Promise<TAgency>;
  onError: (message: string) => void;
}) {
  const initial = { name: agency.name, email: agency.email, phone: agency.phone };
  const [values, setValues] = useState<TValues>(initial);
  const [errors, setErrors] = useState<TErrors>({});
  const [status, setStatus] = useState<TSaveStatus>('idle');
  const latest = useRef<TValues>(initial);
  // The raw values last saved (or loaded): a field is sent when it differs from these.
  const sent = useRef<TValues>(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef({ save, onError });
  useEffect(() => {
    saveRef.current = { save, onError };
  });

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const current = latest.current;
    const changed = AGENCY_FIELDS.filter((field) => current[field] !== sent.current[field]);
    if (changed.length === 0) {
      setStatus((s) => (s === 'pending' ? 'idle' : s));
      return;
    }
    const nextErrors: TErrors = {};
    const body: TAgencyRequest = {};
    for (const field of changed) {
      const parsed = ZAgencyRequest.safeParse({ [field]: current[field] });
      if (parsed.success) body[field] = parsed.data[field];
      else nextErrors[field] = parsed.error.issues[0]?.message;
    }
    setErrors(nextErrors);
    if (Object.keys(body).length === 0) {
      setStatus('error');
      return;
    }
    setStatus('saving');
    try {
      await saveRef.current.save(body);
      for (const field of Object.keys(body) as TAgencyField[]) sent.current[field] = current[field];
      setStatus(Object.keys(nextErrors).length > 0 ? 'error' : 'saved');
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.fields : {};
      setErrors((all) => ({
        ...all,
        ...Object.fromEntries(AGENCY_FIELDS.filter((f) => fieldErrors[f]).map((f) => [f, fieldErrors[f]])),
      }));
      setStatus('error');
      saveRef.current.onError(errorMessage(err));
    }
  }, []);

  const change = (field: TAgencyField, value: string) => {
    latest.current = { ...latest.current, [field]: value };
    setValues(latest.current);
    setErrors((all) => ({ ...all, [field]: undefined }));
    setStatus('pending');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AGENCY_SAVE_MS);
  };

  // Leaving the tab (or the page) saves what is still waiting.
  useEffect(
    () => () => {
      if (timer.current) void flush();
    },
    [flush],
  );

  return { values, errors, status, change, setStatus };
}
