import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import FormatQuoteOutlined from '@mui/icons-material/FormatQuoteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlineOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import SubjectOutlined from '@mui/icons-material/SubjectOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import WorkOutline from '@mui/icons-material/WorkOutlineOutlined';
import type { TSortedBlock } from '@hirecast/domain/company-page';
import { blockLabel } from './block-label.ts';

function excerpt(block: TSortedBlock): string {
  switch (block.type) {
    case 'TEXT_AREA':
      return block.textArea.content;
    case 'QUOTE':
      return block.quote.content;
    case 'IMAGE_ASSET':
    case 'VIDEO_ASSET':
    case 'PROMO_ASSET':
      return block.asset.doc ? 'From your library' : 'Removed from the library';
    case 'STATISTIC':
      return 'Founding year, employees, men and women';
    case 'SOCIALS':
      return 'Your company’s social links';
    case 'LATEST_JOBS':
      return 'Your four newest open jobs';
    case 'TESTIMONIAL_CARD':
      return block.story.title;
  }
}

const ICONS = {
  TEXT_AREA: SubjectOutlined,
  QUOTE: FormatQuoteOutlined,
  IMAGE_ASSET: ImageOutlined,
  VIDEO_ASSET: VideocamOutlined,
  PROMO_ASSET: ImageOutlined,
  STATISTIC: BarChartOutlined,
  SOCIALS: ShareOutlined,
  LATEST_JOBS: WorkOutline,
  TESTIMONIAL_CARD: PeopleOutline,
} as const;

// Reorder mode shows each block as one compact row, so a whole tab fits on the screen while blocks are dragged.
export function BlockSummary({ block }: { block: TSortedBlock }) {
  const Icon = ICONS[block.type];
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1.5, pr: 7, borderRadius: 3 }}
    >
      <Box
        sx={{
          width: 40,
          height: 40,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
          flexShrink: 0,
        }}
      >
        <Icon aria-hidden />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {blockLabel(block)}
        </Typography>
        <Typography noWrap variant="body2" color="text.secondary">
          {excerpt(block) || 'No text yet'}
        </Typography>
      </Box>
    </Paper>
  );
}
