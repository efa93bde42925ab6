import Chip from '@mui/material/Chip';
import { STATUS_COLOURS, STATUS_LABELS, type TApplicationStatus } from '@hirecast/domain/applicants';

// spec 2 §4 badge colours: shortlisted yellow/orange, rejected red, new grey, interviewing orange, withdrawn
// purple, hired green. Text and background pairs keep a 4.5:1 contrast.
const PALETTE: Record<(typeof STATUS_COLOURS)[TApplicationStatus], { bg: string; fg: string }> = {
  grey: { bg: '#ECEEEC', fg: '#46504B' },
  amber: { bg: '#FCEFC7', fg: '#7A5200' },
  red: { bg: '#FBE1DD', fg: '#9E2418' },
  orange: { bg: '#FDE3CC', fg: '#94450A' },
  purple: { bg: '#EDE4F7', fg: '#5A3590' },
  green: { bg: '#DCF0E4', fg: '#1C6440' },
};

export function StatusBadge({ status }: { status: TApplicationStatus }) {
  const colours = PALETTE[STATUS_COLOURS[status]];
  return (
    <Chip
      size="small"
      label={STATUS_LABELS[status]}
      sx={{ bgcolor: colours.bg, color: colours.fg, fontWeight: 600, borderRadius: 1.5 }}
    />
  );
}
