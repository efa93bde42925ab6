import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import type { TApplicant } from '@hirecast/domain/application';
import { formatRating } from './applicant-display.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

// spec 2 §4: rating is the average mark, else the AI fit score; the tooltip says which one it is.
export function RatingValue({ applicant }: { applicant: TApplicant }) {
  const rating = formatRating(applicant);
  if (rating === null)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        <span aria-hidden="true">–</span>
        <Box component="span" sx={visuallyHidden}>
          Not rated
        </Box>
      </Box>
    );
  const source = applicant.markAvg !== null ? 'Average team mark' : 'AI fit score';
  return (
    <Tooltip title={source} describeChild>
      <Box
        component="span"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          fontWeight: 600,
          verticalAlign: 'middle',
        }}
      >
        <StarRoundedIcon sx={{ fontSize: 18, color: '#B7791F' }} aria-hidden="true" />
        {rating}
        <Box component="span" sx={visuallyHidden}>
          out of 5 ({source})
        </Box>
      </Box>
    </Tooltip>
  );
}
