import { useId, useState } from 'react';
import { INTERVIEW_LIMITS, interviewMessages } from '@hirecast/domain/interview';
import { errorMessage } from '../../../lib/api.ts';
import { contactTeam } from '../api/contact-team.ts';

/** Issue 25 item 3 Accommodations: "Need more time?" reaches the team with the candidate's own words. */
export function NeedMoreTime({ token, companyName }: { token: string; companyName: string }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const send = async () => {
    if (message.trim() === '') return setError(interviewMessages.contactRequired);
    setBusy(true);
    setError(null);
    try {
      const answer = await contactTeam(token, message.trim());
      setSent(answer.message);
      setOpen(false);
      setMessage('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="more-time" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Need more time?</h2>
      <p>
        If you need extra time or another adjustment (for a disability, your connection or anything else),
        tell {companyName}. They can give you more time for every question.
      </p>
      {sent && (
        <p className="notice" role="status">
          {sent}
        </p>
      )}
      {open ? (
        <div className="field">
          <label htmlFor={`${id}-message`}>Your message to the team</label>
          <textarea
            id={`${id}-message`}
            className="input textarea"
            rows={4}
            maxLength={INTERVIEW_LIMITS.contactMax}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions-start">
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => void send()}
            >
              Send to the team
            </button>
            <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          Ask for more time
        </button>
      )}
    </section>
  );
}
