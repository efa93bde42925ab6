import type { TInterviewClosed } from '@hirecast/domain/interview';
import { SiteLayout } from '../../../components/site-layout.tsx';
import { NeedMoreTime } from './need-more-time.tsx';

const TITLE: Record<TInterviewClosed['reason'], string> = {
  expired: 'This interview has closed',
  closed: 'This job has closed',
  withdrawn: 'You withdrew your application',
};

/**
 * Issue 33 item 2: the first screen of an interview link that no longer takes answers (the server answers it
 * with 410): what happened and when, and whom to ask. No Start and no practice round: nothing here could be
 * answered. Past the deadline the team can give more time, so "Need more time?" stays.
 */
export function ClosedScreen({ token, closed }: { token: string; closed: TInterviewClosed }) {
  const { job, contact } = closed;
  return (
    <SiteLayout branding={{ name: job.companyName, logo: job.companyLogo }}>
      <section className="card narrow interview message-card" aria-labelledby="closed-title">
        <p className="eyebrow">Your interview for {job.title}</p>
        <h1 id="closed-title">{TITLE[closed.reason]}</h1>
        <p role="status">{closed.message}</p>
        {contact && (
          <p>
            <a className="button button-secondary" href={`mailto:${contact.email}`}>
              Email {contact.name}
            </a>
          </p>
        )}
        {closed.reason === 'expired' && <NeedMoreTime token={token} companyName={job.companyName} />}
      </section>
    </SiteLayout>
  );
}
