import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import SearchIcon from '@mui/icons-material/Search';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { jobMessages } from '@hirecast/domain/job-messages';

// spec 1 §2 Jobs dashboard header: 'Dashboard', the title search, 'Live jobs', the reorder mode and 'New'.
export function JobsHeader(props: {
  search: string;
  onSearch: (value: string) => void;
  liveOnly: boolean;
  onLiveOnly: (value: boolean) => void;
  editing: boolean;
  onEditing: (value: boolean) => void;
  canEdit: boolean;
  /** Why reordering is off (spoken and shown in the tooltip), or null when it is on. */
  reorderHint: string | null;
  /** Off while the company has no jobs at all: the empty state says what to do instead. */
  showFilters: boolean;
  onNew: () => void;
}) {
  const editButton = (
    <Button
      variant={props.editing ? 'contained' : 'outlined'}
      color={props.editing ? 'primary' : 'inherit'}
      startIcon={props.editing ? <CheckIcon /> : <SwapVertIcon />}
      onClick={() => props.onEditing(!props.editing)}
      disabled={!props.canEdit || props.reorderHint !== null}
      aria-pressed={props.editing}
      sx={{ borderColor: 'divider' }}
    >
      {props.editing ? 'Done' : 'Edit'}
    </Button>
  );
  return (
    <Box
      component="header"
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        mb: 3,
        gridTemplateColumns: '1fr auto',
        gridTemplateAreas: '"title new" "search search" "filters filters"',
        '@media (min-width:901px)': {
          gridTemplateColumns: '1fr auto auto auto',
          gridTemplateAreas: '"title search filters new"',
        },
      }}
    >
      <Typography variant="h1" sx={{ gridArea: 'title', fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
        Dashboard
      </Typography>
      {props.showFilters && (
        <TextField
          type="search"
          size="small"
          placeholder="Search jobs"
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          sx={{ gridArea: 'search', width: { xs: '100%', md: 260 }, bgcolor: 'background.paper' }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search jobs by title' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {props.showFilters && (
        <Stack direction="row" spacing={1.5} sx={{ gridArea: 'filters', alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Switch checked={props.liveOnly} onChange={(_e, checked) => props.onLiveOnly(checked)} />
            }
            label="Live jobs"
            sx={{ mr: 0, whiteSpace: 'nowrap' }}
          />
          {props.canEdit ? (
            <Tooltip title={props.reorderHint ?? ''}>
              <span tabIndex={props.reorderHint ? 0 : undefined}>{editButton}</span>
            </Tooltip>
          ) : (
            <Tooltip title={jobMessages.viewerCannotEdit}>
              <span tabIndex={0}>{editButton}</span>
            </Tooltip>
          )}
        </Stack>
      )}
      {props.canEdit && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={props.onNew} sx={{ gridArea: 'new' }}>
          New
        </Button>
      )}
    </Box>
  );
}
