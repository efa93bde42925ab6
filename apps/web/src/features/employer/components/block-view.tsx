import type { TCompanyPage, TSortedBlock } from '@hirecast/domain/company-page';
import { buildStoryUrl } from '@hirecast/domain/company-page-rules';
import { AssetCard } from './blocks/asset-card.tsx';
import { LatestJobsCard } from './blocks/latest-jobs-card.tsx';
import { QuoteCard } from './blocks/quote-card.tsx';
import { SocialsCard } from './blocks/socials-card.tsx';
import { StatisticsCard } from './blocks/statistics-card.tsx';
import { StoryCard } from './blocks/story-card.tsx';
import { TextCard } from './blocks/text-card.tsx';
import { socialLinksOf } from './company-links.ts';

export type TBlockActions = {
  saveTextArea: (id: string, value: { header: string; content: string }) => Promise<unknown>;
  saveQuote: (id: string, value: { content: string; author: string }) => Promise<unknown>;
  saveStats: (stats: TCompanyPage['stats']) => Promise<unknown>;
  editStory: (block: Extract<TSortedBlock, { type: 'TESTIMONIAL_CARD' }>) => void;
  remove: (block: TSortedBlock) => void;
};

const NO_ACTIONS: TBlockActions = {
  saveTextArea: () => Promise.resolve(),
  saveQuote: () => Promise.resolve(),
  saveStats: () => Promise.resolve(),
  editStory: () => {},
  remove: () => {},
};

// One block of a tab as its card (spec 3 §2 card kinds). Without actions the card is shown read-only (reorder
// mode).
export function BlockView({
  block,
  page,
  actions,
}: {
  block: TSortedBlock;
  page: TCompanyPage;
  actions?: TBlockActions;
}) {
  const editable = Boolean(actions);
  const on = actions ?? NO_ACTIONS;
  const remove = () => on.remove(block);
  switch (block.type) {
    case 'TEXT_AREA':
      return (
        <TextCard
          value={{ header: block.textArea.header, content: block.textArea.content }}
          editable={editable}
          onSave={(value) => on.saveTextArea(block.textArea._id, value)}
          onDelete={remove}
        />
      );
    case 'QUOTE':
      return (
        <QuoteCard
          value={{ content: block.quote.content, author: block.quote.author }}
          editable={editable}
          onSave={(value) => on.saveQuote(block.quote._id, value)}
          onDelete={remove}
        />
      );
    case 'IMAGE_ASSET':
    case 'VIDEO_ASSET':
    case 'PROMO_ASSET': {
      const entry = block.asset;
      const doc =
        entry.assetType === 'image'
          ? entry.doc && { kind: 'image' as const, asset: entry.doc }
          : entry.doc && { kind: 'video' as const, asset: entry.doc };
      return (
        <AssetCard doc={doc} isPromo={block.type === 'PROMO_ASSET'} editable={editable} onDelete={remove} />
      );
    }
    case 'STATISTIC':
      return (
        <StatisticsCard stats={page.stats} editable={editable} onSave={on.saveStats} onDelete={remove} />
      );
    case 'SOCIALS':
      return <SocialsCard links={socialLinksOf(page.company)} editable={editable} onDelete={remove} />;
    case 'LATEST_JOBS':
      return <LatestJobsCard jobs={page.jobs} editable={editable} onDelete={remove} />;
    case 'TESTIMONIAL_CARD':
      return (
        <StoryCard
          story={block.story}
          publicUrl={buildStoryUrl(window.location.origin, page.company.slug, block.story.slug)}
          editable={editable}
          onEdit={() => on.editStory(block)}
          onDelete={remove}
        />
      );
  }
}
