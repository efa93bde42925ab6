import { toast } from 'react-toastify';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { settingsMessages } from '@hirecast/domain/settings';
import { FormSection } from '../../../components/form-section.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTranscriptionSettings, useTranscriptionUsage } from '../../../lib/transcripts.ts';

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Issue 34: the company's transcription minutes this month (used / cap, or that no engine is set up), and the
 * machine-written answer summaries (item 5, off until an admin turns them on). Admins only.
 */
export function TranscriptionSection() {
  const usage = useTranscriptionUsage();
  const settings = useTranscriptionSettings();
  const u = usage.data;
  if (!u) return null;
  const used = u.usedMinutes.toLocaleString('en-GB', { maximumFractionDigits: 1 });
  return (
    <FormSection
      title="Transcripts"
      description="Candidates' video answers are turned into text by your transcription engine, for reading and searching."
    >
      <Stack spacing={2}>
        {!u.engine ? (
          <Typography>
            No transcription engine is set up, so no transcripts are made. Your Hirecast administrator can set
            one (TRANSCRIBE_BASE_URL).
          </Typography>
        ) : u.monthlyMinutes === null ? (
          <Typography>
            {used} minutes transcribed in {monthName(u.month)} (no monthly cap).
          </Typography>
        ) : (
          <Stack spacing={0.75}>
            <Typography id="transcription-minutes">
              {used} of {u.monthlyMinutes.toLocaleString('en-GB')} minutes used in {monthName(u.month)}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, (u.usedMinutes / u.monthlyMinutes) * 100)}
              aria-labelledby="transcription-minutes"
            />
          </Stack>
        )}
        <Stack spacing={0.5}>
          <FormControlLabel
            control={
              <Switch
                checked={u.answerSummaries}
                disabled={settings.isPending || (!u.summariesAvailable && !u.answerSummaries)}
                onChange={(_, on) =>
                  settings.mutateAsync({ answerSummaries: on }).then(
                    () => toast.success(settingsMessages.saved),
                    (err: unknown) => toast.error(errorMessage(err)),
                  )
                }
              />
            }
            label="Machine-written summaries of interview answers"
          />
          <Typography variant="body2" color="text.secondary">
            {u.summariesAvailable
              ? 'A few points per answer, each with the candidate’s own words and when they said them. Never a score, a ranking or a recommendation: your team decides.'
              : 'Summaries need an AI endpoint (AI_BASE_URL), which is not set up.'}
          </Typography>
        </Stack>
      </Stack>
    </FormSection>
  );
}
