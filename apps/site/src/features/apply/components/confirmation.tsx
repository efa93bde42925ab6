import { applyMessages } from '@hirecast/domain/application';
import { useEffect, useRef } from 'react';

/** After a successful submit: where the confirmation went and what happens next. */
export function Confirmation({
  withVideo,
  email,
  companyName,
  jobTitle,
  onBack,
}: {
  /** The flow had a video step (the company's plan takes video applications). */
  withVideo: boolean;
  email: string;
  companyName: string;
  jobTitle: string;
  onBack: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card narrow confirmation" aria-labelledby="confirmation-title">
      <div className="confirmation-icon" aria-hidden="true">
        ✓
      </div>
      <h1 id="confirmation-title" ref={heading} tabIndex={-1}>
        {applyMessages.submitted}
      </h1>
      <p>
        Thank you for applying for <strong>{jobTitle}</strong> at {companyName}. We sent a confirmation to{' '}
        <strong>{email}</strong>.
      </p>
      <h2>What happens next</h2>
      <ol className="next-steps">
        <li>
          {companyName} reviews your application{withVideo ? ' and your video introduction' : ''}.
        </li>
        <li>{companyName} contacts you by email about the next steps.</li>
        <li>
          The confirmation email has a private link: use it to see your application, withdraw it, or delete
          your data.
        </li>
      </ol>
      <p>
        <button type="button" className="button button-secondary" onClick={onBack}>
          Back to the job
        </button>
      </p>
    </section>
  );
}
