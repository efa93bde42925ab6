import type { TPublicStory } from '@hirecast/domain/company-page';
import { buildCompanyPagePath } from '@hirecast/domain/company-page-rules';
import { deltaToHtml } from '@hirecast/domain/delta-html';
import { JobVideo } from '../../../components/video-player.tsx';
import { tabHref } from './company-page.tsx';
import { possessive } from '@hirecast/domain/possessive';

/** spec 3 §2 an employee story: the person, their position, their video, quote and text. */
export function StoryPage({
  story,
  onVideoMark,
}: {
  story: TPublicStory;
  onVideoMark?: (assetId: string, second: number) => void;
}) {
  const companyPath = buildCompanyPagePath(story.company.slug);
  const text = deltaToHtml(story.text);
  const video = story.video;
  return (
    <>
      <article className="card story" aria-labelledby="story-title">
        <p className="eyebrow">
          <a href={tabHref(companyPath, 'stories', false)}>Stories from {story.company.name}</a>
        </p>
        <h1 id="story-title">{story.name}</h1>
        <p className="lead">{story.title}</p>
        {video && (
          <JobVideo
            video={video}
            title={`${possessive(story.name, 'person')} story`}
            onMark={video.kind === 'hosted' && onVideoMark ? (s) => onVideoMark(video.assetId, s) : undefined}
          />
        )}
        {story.quoteText && (
          <blockquote className="story-quote story-quote-large">
            <p>“{story.quoteText}”</p>
          </blockquote>
        )}
        {/* deltaToHtml is the domain's allow-list sanitiser: its output is safe to inject as is. */}
        {text && <div className="description" dangerouslySetInnerHTML={{ __html: text }} />}
        <p>
          <a className="button button-primary" href={tabHref(companyPath, 'jobs', false)}>
            See open jobs at {story.company.name}
          </a>
        </p>
      </article>
      {story.otherStories.length > 0 && (
        <section className="card story-others" aria-labelledby="other-stories-title">
          <h2 id="other-stories-title">More stories</h2>
          <ul className="job-list">
            {story.otherStories.map((s) => (
              <li key={s.slug}>
                <a href={s.path}>
                  <span className="job-list-title">{s.name}</span>
                  <span className="job-list-meta">{s.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
