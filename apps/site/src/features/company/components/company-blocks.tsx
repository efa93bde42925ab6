import type {
  TCompanyPageJob,
  TPublicBlock,
  TPublicCompanyPage,
  TPublicStoryCard,
} from '@hirecast/domain/company-page';
import { companyPageMessages, latestJobs } from '@hirecast/domain/company-page-rules';
import { JobVideo } from '../../../components/video-player.tsx';
import { capitalise } from '../../../lib/format.ts';
import { CompanyJobList } from './company-jobs.tsx';
import { possessive } from '@hirecast/domain/possessive';

export type TBlockContext = {
  page: TPublicCompanyPage;
  /** The Jobs tab's address (the LATEST_JOBS block's More jobs link). */
  jobsHref: string;
  /** Links that leave the page open in the top window when the page is embedded. */
  linkTarget?: '_top';
  onVideoMark?: (assetId: string, second: number) => void;
};

const markFor = (ctx: TBlockContext, video: TPublicStoryCard['video']) =>
  video?.kind === 'hosted' && ctx.onVideoMark
    ? (second: number) => ctx.onVideoMark?.(video.assetId, second)
    : undefined;

const SOCIAL_LABELS: Record<string, string> = {
  website: 'Website',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  glassdoor: 'Glassdoor',
};

const numberFormat = new Intl.NumberFormat('en-GB');

function Stats({ stats }: { stats: Extract<TPublicBlock, { type: 'STATISTIC' }>['stats'] }) {
  const { male, female } = stats.gender;
  const both = male !== null && female !== null && male + female > 0;
  const facts = [
    ...(stats.foundingYear !== null ? [{ label: 'Founded', value: String(stats.foundingYear) }] : []),
    ...(stats.employees !== null
      ? [{ label: 'Employees', value: numberFormat.format(stats.employees) }]
      : []),
    ...(both
      ? [
          { label: 'Women', value: `${Math.round((female / (male + female)) * 100)}%` },
          { label: 'Men', value: `${Math.round((male / (male + female)) * 100)}%` },
        ]
      : [
          ...(female !== null ? [{ label: 'Women', value: numberFormat.format(female) }] : []),
          ...(male !== null ? [{ label: 'Men', value: numberFormat.format(male) }] : []),
        ]),
  ];
  return (
    <section className="card block-stats">
      <h3>In numbers</h3>
      <dl className="stats">
        {facts.map((f) => (
          <div key={f.label} className="stat">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function StoryCard({ story, ctx }: { story: TPublicStoryCard; ctx: TBlockContext }) {
  return (
    <article className="card block-story">
      {story.video && (
        <JobVideo
          video={story.video}
          title={`${possessive(story.name, 'person')} story`}
          onMark={markFor(ctx, story.video)}
        />
      )}
      <h3>
        <a href={story.path} target={ctx.linkTarget}>
          {story.name}
        </a>
      </h3>
      <p className="story-position">{story.title}</p>
      {story.quoteText && (
        <blockquote className="story-quote">
          <p>“{story.quoteText}”</p>
        </blockquote>
      )}
    </article>
  );
}

function LatestJobs({
  jobs,
  ctx,
}: {
  jobs: TCompanyPageJob[] | TPublicCompanyPage['jobs'];
  ctx: TBlockContext;
}) {
  return (
    <section className="card block-jobs">
      <h3>Latest jobs</h3>
      {jobs.length === 0 ? (
        <p className="no-jobs">{companyPageMessages.noLiveJobs}</p>
      ) : (
        <>
          <CompanyJobList jobs={latestJobs(jobs)} linkTarget={ctx.linkTarget} />
          <p className="more-jobs">
            <a href={ctx.jobsHref}>More jobs</a>
          </p>
        </>
      )}
    </section>
  );
}

/** One block of the page, as its type shows it. */
export function CompanyBlock({ block, ctx }: { block: TPublicBlock; ctx: TBlockContext }) {
  switch (block.type) {
    case 'TEXT_AREA':
      return (
        <section className="card block-text">
          <h3>{block.header}</h3>
          <p className="pre-line">{block.content}</p>
        </section>
      );
    case 'QUOTE':
      return (
        <figure className="card block-quote">
          <blockquote>
            <p>“{block.content}”</p>
          </blockquote>
          {block.author && <figcaption>{block.author}</figcaption>}
        </figure>
      );
    case 'IMAGE_ASSET':
      return (
        <figure className={`card block-image${block.promo ? ' block-promo' : ''}`}>
          <img
            src={block.image.url}
            srcSet={block.image.srcSet ?? undefined}
            sizes="(min-width: 960px) 448px, 100vw"
            width={block.image.width ?? undefined}
            height={block.image.height ?? undefined}
            alt={block.image.alt}
            loading="lazy"
            decoding="async"
          />
        </figure>
      );
    case 'VIDEO_ASSET':
      return (
        <section className={`card block-video${block.promo ? ' block-promo' : ''}`}>
          <JobVideo
            video={block.video}
            title={block.title || `Video from ${ctx.page.company.name}`}
            onMark={markFor(ctx, block.video)}
          />
          {block.title && <p className="block-caption">{block.title}</p>}
        </section>
      );
    case 'STATISTIC':
      return <Stats stats={block.stats} />;
    case 'SOCIALS':
      return (
        <section className="card block-socials">
          <h3>Follow {ctx.page.company.name}</h3>
          <ul className="socials">
            {ctx.page.company.info.map((link) => (
              <li key={link.type}>
                <a href={link.value} rel="noopener noreferrer" target="_blank">
                  {SOCIAL_LABELS[link.type] ?? capitalise(link.type)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'LATEST_JOBS':
      return <LatestJobs jobs={ctx.page.jobs} ctx={ctx} />;
    case 'TESTIMONIAL_CARD':
      return <StoryCard story={block.story} ctx={ctx} />;
  }
}
