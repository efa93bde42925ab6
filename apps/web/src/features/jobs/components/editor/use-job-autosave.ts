import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { ApiError } from '../../../../lib/api-client.ts';
import type { TSaveStatus } from '../../../../components/save-status.tsx';
import { useUpdateJob } from '../../api/update-job.ts';
import {
  JOB_FORM_KEYS,
  saveDelayFor,
  toJobForm,
  toJobPatch,
  type TJobForm,
  type TJobFormKey,
} from './job-form.ts';

export type { TSaveStatus };

const snapshot = (form: TJobForm) =>
  Object.fromEntries(JOB_FORM_KEYS.map((k) => [k, JSON.stringify(toJobPatch(k, form))])) as Record<
    TJobFormKey,
    string
  >;

// The server's validation and permission messages are the spec's own; anything else gets the generic one.
const saveErrorMessage = (err: unknown) =>
  err instanceof ApiError && (err.status === 400 || err.status === 403)
    ? err.message
    : jobMessages.updateFailure;

// spec 1 §7, §9: each field saves itself, debounced, sending only what changed since the last save. A failed
// save keeps what was typed (the field stays "dirty" and goes out with the next change).
export function useJobAutosave({
  job,
  form,
  enabled,
}: {
  job: TJob;
  form: UseFormReturn<TJobForm>;
  enabled: boolean;
}) {
  const update = useUpdateJob();
  const saved = useRef<Record<TJobFormKey, string> | null>(null);
  saved.current ??= snapshot(toJobForm(job));
  const timers = useRef(new Map<TJobFormKey, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(0);
  // Keys being validated or sent (a count per key): a reply to another save must not overwrite them.
  const busy = useRef(new Map<TJobFormKey, number>());
  // Replies can arrive out of order: only the reply to the latest request speaks for the server's state.
  const lastSent = useRef(0);
  const [status, setStatus] = useState<TSaveStatus>('idle');

  const flush = useCallback(
    async (key: TJobFormKey) => {
      timers.current.delete(key);
      const store = saved.current!;
      const isBusy = (k: TJobFormKey) => (busy.current.get(k) ?? 0) > 0;
      const mark = (delta: number) => busy.current.set(key, (busy.current.get(key) ?? 0) + delta);

      mark(1);
      try {
        const valid = await form.trigger(key);
        if (!valid) {
          const message = firstError(form.formState.errors[key]);
          // spec 1 §5: validation errors on the job form appear as toasts (one per field at a time).
          if (message) toast.error(message, { toastId: `job-field-${key}` });
          return;
        }
        const patch = toJobPatch(key, form.getValues());
        const json = JSON.stringify(patch);
        if (json === store[key]) return;
        const before = store[key];
        store[key] = json; // what is on its way counts as saved, so it is not sent twice
        inFlight.current += 1;
        setStatus('saving');
        const seq = ++lastSent.current;
        try {
          const next = await update.mutateAsync({ id: job._id, patch });
          // The server may change other fields (AI cascade, redirect rules): take those the person has not
          // touched since their last save and that are not on their way.
          const server = toJobForm(next);
          const current = form.getValues();
          for (const k of seq === lastSent.current ? JOB_FORM_KEYS : []) {
            if (k === key || timers.current.has(k) || isBusy(k)) continue;
            const serverJson = JSON.stringify(toJobPatch(k, server));
            if (serverJson === store[k]) continue;
            if (JSON.stringify(toJobPatch(k, current)) !== store[k]) continue;
            store[k] = serverJson;
            form.setValue(k, server[k]);
          }
          inFlight.current -= 1;
          if (inFlight.current === 0) setStatus('saved');
        } catch (err) {
          inFlight.current -= 1;
          if (store[key] === json) store[key] = before;
          toast.error(saveErrorMessage(err), { toastId: `job-save-${key}` });
          setStatus('error');
        }
      } finally {
        mark(-1);
      }
    },
    [form, job._id, update],
  );

  const schedule = useCallback(
    (key: TJobFormKey, delay: number) => {
      const pending = timers.current.get(key);
      if (pending) clearTimeout(pending);
      if (delay === 0) {
        timers.current.delete(key);
        void flush(key);
      } else {
        timers.current.set(
          key,
          setTimeout(() => void flush(key), delay),
        );
      }
    },
    [flush],
  );

  const flushAll = useCallback(() => {
    const keys = [...timers.current.keys()];
    for (const key of keys) schedule(key, 0);
  }, [schedule]);

  useEffect(() => {
    if (!enabled) return;
    const subscription = form.watch((_values, { name }) => {
      if (!name) return;
      const key = name.split('.')[0] as TJobFormKey;
      if (!(JOB_FORM_KEYS as readonly string[]).includes(key)) return;
      schedule(key, saveDelayFor(name));
    });
    return () => subscription.unsubscribe();
  }, [enabled, form, schedule]);

  // Leaving the page (Done, another route) sends what is still waiting for its debounce.
  const flushAllRef = useRef(flushAll);
  useEffect(() => {
    flushAllRef.current = flushAll;
  }, [flushAll]);
  useEffect(() => () => flushAllRef.current(), []);

  return { status, flushAll };
}

function firstError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [k, value] of Object.entries(error)) {
    if (k === 'ref') continue;
    const nested = firstError(value);
    if (nested) return nested;
  }
  return undefined;
}
