import type { TSortedBlock } from '@hirecast/domain/company-page';

/** The name a block goes by in its buttons, its region and the reorder announcements. */
export function blockLabel(block: TSortedBlock): string {
  switch (block.type) {
    case 'TEXT_AREA':
      return `Text card ${block.textArea.header}`.trim();
    case 'QUOTE':
      return block.quote.author ? `Quote by ${block.quote.author}` : 'Quote';
    case 'IMAGE_ASSET':
    case 'VIDEO_ASSET':
    case 'PROMO_ASSET': {
      const kind = block.asset.assetType === 'image' ? 'Image' : 'Video';
      const title = block.asset.doc?.title ?? 'removed from the library';
      return `${block.type === 'PROMO_ASSET' ? `Promo ${kind.toLowerCase()}` : kind} ${title}`;
    }
    case 'STATISTIC':
      return 'Statistics';
    case 'SOCIALS':
      return 'Socials';
    case 'LATEST_JOBS':
      return 'Latest jobs';
    case 'TESTIMONIAL_CARD':
      return `Story of ${block.story._person.name}`;
  }
}
