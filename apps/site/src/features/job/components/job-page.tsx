import type { ReactNode } from 'react';
import { deltaToHtml } from '@hirecast/domain/delta-html';
import { fillJobTitle } from '@hirecast/domain/job-template';
import { planEffect } from '@hirecast/domain/plan';
import type { TPublicJob } from '@hirecast/domain/public-job';
import { JobFacts } from './job-facts.tsx';
import { JobVideo } from '../../../components/video-player.tsx';
import { OtherJobs } from './other-jobs.tsx';

/** The job itself: heading, facts, video, image, description, additional videos, other open jobs. */
export function JobPage({
  job,
  onVideoMark,
  onAdditionalVideoMark,
  applyPanel,
}: {
  job: TPublicJob;
  onVideoMark?: (second: number) => void;
  /** Each engagement mark an additional (hosted) video reaches. */
  onAdditionalVideoMark?: (assetId: string, second: number) => void;
  applyPanel: ReactNode;
}) {
  const description = deltaToHtml(job.description);
  const postHeading = fillJobTitle(job.postHeading, job.title).trim();
  const blurred = planEffect(job.planFeatures, 'blurredJobVideo');
  return (
    <div className="job-layout">
      <article className="card job-main" aria-labelledby="job-title">
        <div className="job-hero">
          <h1 id="job-title">{job.title}</h1>
          {postHeading && <p className="lead">{postHeading}</p>}
          <JobFacts job={job} />
        </div>
        {job.video && blurred && (
          // spec 1 §6: a pre-launch plan blurs the video container (plan.ts PLAN_FEATURE_TABLE); the player
          // under the blur is out of reach and out of the accessibility tree, the caption says why.
          <figure className="prelaunch-video">
            <div inert aria-hidden="true">
              <JobVideo video={job.video} title={`Video: ${job.title} at ${job.company.name}`} />
            </div>
            <figcaption>
              <span>{blurred.explanation}</span>
            </figcaption>
          </figure>
        )}
        {job.video && !blurred && (
          <JobVideo
            video={job.video}
            title={`Video: ${job.title} at ${job.company.name}`}
            onMark={onVideoMark}
          />
        )}
        {job.image && (
          <img
            className="job-image"
            src={job.image}
            alt={`${job.title} at ${job.company.name}`}
            // Below the video it can wait; without one it is the page's largest picture.
            loading={job.video ? 'lazy' : undefined}
          />
        )}
        {description && (
          <section className="description-section" aria-labelledby="about-title">
            <h2 id="about-title">About the job</h2>
            {/* deltaToHtml is the domain's allow-list sanitiser: its output is safe to inject as is. */}
            <div className="description" dangerouslySetInnerHTML={{ __html: description }} />
          </section>
        )}
        {job.additionalVideos.length > 0 && (
          <section aria-labelledby="more-videos-title">
            <h2 id="more-videos-title">More videos</h2>
            <div className="video-grid">
              {job.additionalVideos.map((video, i) => (
                <JobVideo
                  key={video.kind === 'hosted' ? video.assetId : video.url}
                  video={video}
                  title={`More about ${job.company.name}, video ${i + 1}`}
                  onMark={
                    video.kind === 'hosted' && onAdditionalVideoMark
                      ? (second) => onAdditionalVideoMark(video.assetId, second)
                      : undefined
                  }
                />
              ))}
            </div>
          </section>
        )}
      </article>
      {applyPanel}
      <OtherJobs jobs={job.otherJobs} companyName={job.company.name} />
    </div>
  );
}
