import { useId, type Ref } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { TJobChoice } from '@hirecast/domain/plan-cards';

export const JOB_PICKER_LABEL = 'Active jobs';

// spec 2 §2 Plans: the person picks the number of active jobs; every card then shows its price for it.
export function JobCountPicker({
  choices,
  value,
  onChange,
  groupRef,
}: {
  choices: readonly TJobChoice[];
  value: TJobChoice;
  onChange: (next: TJobChoice) => void;
  groupRef?: Ref<HTMLDivElement>;
}) {
  const hintId = useId();
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'stretch', sm: 'center' }, gap: 1 }}
    >
      <Typography component="p" sx={{ fontWeight: 600, textAlign: { sm: 'center' } }}>
        How many jobs do you want live at the same time?
      </Typography>
      <ToggleButtonGroup
        ref={groupRef}
        exclusive
        value={value}
        // A click on the chosen button answers null: keep the choice.
        onChange={(_, next: TJobChoice | null) => next !== null && onChange(next)}
        aria-label={JOB_PICKER_LABEL}
        aria-describedby={hintId}
        color="primary"
        sx={{ bgcolor: 'background.paper', width: { xs: '100%', sm: 'auto' } }}
      >
        {choices.map((choice) => (
          <ToggleButton
            key={choice}
            value={choice}
            aria-label={choice === 'more' ? 'More' : `${choice} active ${choice === 1 ? 'job' : 'jobs'}`}
            sx={{
              flex: { xs: 1, sm: 'none' },
              minWidth: { sm: 72 },
              px: 2,
              fontWeight: 650,
              '&.Mui-selected, &.Mui-selected:hover': {
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              },
            }}
          >
            {choice === 'more' ? 'More' : choice}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'center' } }}>
        Your first job is free forever, on top of these.
      </Typography>
    </Box>
  );
}
