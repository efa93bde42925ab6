import { useId, type Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TJobChoice } from '@hirecast/domain/plan-cards';

export const JOB_PICKER_LABEL = 'Active jobs';

/** What each choice says, on screen and to assistive technology alike (issue 23 item 8). */
export const jobChoiceLabel = (choice: TJobChoice) =>
  choice === 'more' ? 'More' : `${choice} ${choice === 1 ? 'job' : 'jobs'}`;

// The native radio covers its whole segment, unseen: a click anywhere on the segment is a click on the radio.
const coveringRadio = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  m: 0,
  opacity: 0,
  cursor: 'pointer',
} as const;

// spec 2 §2 Plans: the person picks the number of active jobs; every card then shows its price for it. One
// choice of several is a radio group (native radios: arrow keys move the choice), drawn as a segmented bar.
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
  const questionId = useId();
  const name = useId();
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'stretch', sm: 'center' }, gap: 1 }}
    >
      <Typography id={questionId} component="p" sx={{ fontWeight: 600, textAlign: { sm: 'center' } }}>
        How many jobs do you want live at the same time?
      </Typography>
      <Box
        ref={groupRef}
        role="radiogroup"
        aria-label={JOB_PICKER_LABEL}
        aria-describedby={`${questionId} ${hintId}`}
        sx={{
          display: 'flex',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          width: { xs: '100%', sm: 'auto' },
        }}
      >
        {choices.map((choice, index) => {
          const checked = choice === value;
          return (
            <Box
              key={choice}
              component="label"
              sx={{
                position: 'relative',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                flex: { xs: 1, sm: 'none' },
                minWidth: { sm: 84 },
                px: { xs: 0.5, sm: 2 },
                py: 1.25,
                textAlign: 'center',
                fontWeight: 650,
                fontSize: { xs: '0.875rem', sm: '0.9375rem' },
                whiteSpace: 'nowrap',
                cursor: 'pointer',
                userSelect: 'none',
                borderLeft: index === 0 ? 0 : 1,
                borderColor: 'divider',
                color: checked ? 'primary.contrastText' : 'text.primary',
                bgcolor: checked ? 'primary.main' : 'transparent',
                '&:hover': { bgcolor: checked ? 'primary.main' : 'action.hover' },
                '&:has(input:focus-visible)': {
                  outline: '3px solid',
                  outlineColor: 'primary.dark',
                  outlineOffset: -3,
                },
              }}
            >
              <Box
                component="input"
                type="radio"
                name={name}
                value={String(choice)}
                checked={checked}
                onChange={() => onChange(choice)}
                sx={coveringRadio}
              />
              {jobChoiceLabel(choice)}
            </Box>
          );
        })}
      </Box>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'center' } }}>
        Your first job is free forever, on top of these.
      </Typography>
    </Box>
  );
}
