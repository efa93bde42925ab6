import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import GridViewIcon from '@mui/icons-material/GridView';
import LinkIcon from '@mui/icons-material/Link';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import ViewListIcon from '@mui/icons-material/ViewList';
import { INTERVIEW_FILTERS } from '@hirecast/domain/interview';
import type { TInterviewFilter } from './applicants-params.ts';
import {
  APPLICANT_SORT_LABELS,
  APPLICANT_SORTS,
  STATUS_COLOURS,
  STATUS_LABELS,
  STATUS_LIST_ORDER,
  type TApplicantSort,
  type TApplicationStatus,
} from '@hirecast/domain/applicants';
import { BADGE_PALETTE, totalCount, type TStatusCounts } from './applicant-display.ts';
import type { TViewMode } from './applicants-params.ts';

const INTERVIEW_FILTER_LABELS: Record<'all' | TInterviewFilter, string> = {
  all: 'Any interview',
  none: 'Not invited',
  invited: 'Invited',
  started: 'In progress',
  completed: 'Completed',
  expired: 'Expired',
};

// spec 2 §2 Filters: status chips with their counts (spec 2 §4 order and colours), the search, the sort, a reset,
// the filtered link, and the list/grid switch.
export function StatusChips({
  statistic,
  status,
  onStatus,
}: {
  statistic: TStatusCounts | null;
  status: TApplicationStatus | null;
  onStatus: (status: TApplicationStatus | null) => void;
}) {
  const count = (n: number | undefined) => (statistic ? ` ${n ?? 0}` : '');
  return (
    <Box role="group" aria-label="Filter by status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <Chip
        label={`All${count(statistic ? totalCount(statistic) : 0)}`}
        onClick={() => onStatus(null)}
        aria-pressed={status === null}
        color={status === null ? 'primary' : 'default'}
        variant={status === null ? 'filled' : 'outlined'}
        sx={{ fontWeight: 600, ...(status === null ? {} : { bgcolor: 'background.paper' }) }}
      />
      {STATUS_LIST_ORDER.map((s) => {
        const colours = BADGE_PALETTE[STATUS_COLOURS[s]];
        const selected = status === s;
        return (
          <Chip
            key={s}
            label={`${STATUS_LABELS[s]}${count(statistic?.[s])}`}
            onClick={() => onStatus(selected ? null : s)}
            aria-pressed={selected}
            variant="outlined"
            sx={{
              fontWeight: 600,
              bgcolor: selected ? colours.bg : 'background.paper',
              color: selected ? colours.fg : 'text.primary',
              borderColor: selected ? colours.dot : 'divider',
              '&&:hover': { bgcolor: colours.bg },
              '&::before': {
                content: '""',
                width: 8,
                height: 8,
                borderRadius: '50%',
                bgcolor: colours.dot,
                ml: 1.25,
                mr: -0.5,
              },
            }}
          />
        );
      })}
    </Box>
  );
}

export function ApplicantsToolbar({
  search,
  onSearch,
  sort,
  onSort,
  interview,
  onInterview,
  viewMode,
  onViewMode,
  viewForced,
  canReset,
  onReset,
  onCopyLink,
}: {
  search: string;
  onSearch: (value: string) => void;
  sort: TApplicantSort;
  onSort: (sort: TApplicantSort) => void;
  interview: TInterviewFilter | null;
  onInterview: (interview: TInterviewFilter | null) => void;
  viewMode: TViewMode;
  onViewMode: (mode: TViewMode) => void;
  /** spec 2 §2: at 900 px or narrower the grid is forced and the switch goes. */
  viewForced: boolean;
  canReset: boolean;
  onReset: () => void;
  onCopyLink: () => void;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        mb: 2.5,
        gridTemplateColumns: '1fr auto',
        gridTemplateAreas: '"search search" "sort interview" "tools tools"',
        '@media (min-width:901px)': {
          gridTemplateColumns: 'minmax(220px, 340px) 190px 170px 1fr auto',
          gridTemplateAreas: '"search sort interview . tools"',
        },
      }}
    >
      <TextField
        type="search"
        size="small"
        placeholder="Search by name or email"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        sx={{ gridArea: 'search', bgcolor: 'background.paper' }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search applicants by name or email', maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label="Sort by"
        value={sort}
        onChange={(event) => onSort(event.target.value as TApplicantSort)}
        sx={{ gridArea: 'sort', bgcolor: 'background.paper', minWidth: 150 }}
      >
        {APPLICANT_SORTS.map((s) => (
          <MenuItem key={s} value={s}>
            {APPLICANT_SORT_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Interview"
        value={interview ?? 'all'}
        onChange={(event) =>
          onInterview(event.target.value === 'all' ? null : (event.target.value as TInterviewFilter))
        }
        sx={{ gridArea: 'interview', bgcolor: 'background.paper', minWidth: 140 }}
      >
        {(['all', ...INTERVIEW_FILTERS] as const).map((f) => (
          <MenuItem key={f} value={f}>
            {INTERVIEW_FILTER_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridArea: 'tools', display: 'flex', alignItems: 'center', gap: 1, justifySelf: 'end' }}>
        <Button onClick={onReset} disabled={!canReset} startIcon={<RestartAltIcon />}>
          Reset
        </Button>
        <Tooltip title="Copy link to these filtered applicants">
          <IconButton aria-label="Copy link to these filtered applicants" onClick={onCopyLink}>
            <LinkIcon />
          </IconButton>
        </Tooltip>
        {!viewForced && (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={viewMode}
            onChange={(_event, mode: TViewMode | null) => mode && onViewMode(mode)}
            aria-label="View"
            sx={{ bgcolor: 'background.paper' }}
          >
            <ToggleButton value="list" aria-label="List view">
              <ViewListIcon fontSize="small" />
            </ToggleButton>
            <ToggleButton value="grid" aria-label="Grid view">
              <GridViewIcon fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
    </Box>
  );
}
