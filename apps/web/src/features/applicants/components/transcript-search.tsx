import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TRANSCRIPT_SEARCH_LIMITS,
  type TSnippetPart,
  type TTranscriptSearchHit,
} from '@hirecast/domain/transcript';
import { errorMessage } from '../../../lib/api-client.ts';
import { clockTime } from '../../../lib/transcripts.ts';
import { useTranscriptSearch } from '../api/search-transcripts.ts';

/** The hit's words, the searched ones marked (<mark>), all as text: a transcript's markup stays words. */
function Snippet({ parts }: { parts: TSnippetPart[] }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, i) =>
        part.match ? (
          <Box
            component="mark"
            key={i}
            sx={{ bgcolor: '#fff3a3', color: 'inherit', fontWeight: 600, px: 0.25, borderRadius: 0.5 }}
          >
            {part.text}
          </Box>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}

/** Where a hit opens: the applicant page at the answer (or the introduction), at the moment. */
export const hitPath = (jobId: string, hit: TTranscriptSearchHit) =>
  `/applications/${encodeURIComponent(jobId)}/${encodeURIComponent(hit.applicationId)}/view?answer=${
    hit.questionId ?? 'intro'
  }&t=${hit.start}`;

/**
 * Issue 34 item 4: "Search what candidates said" on the job's applicants page. Each hit names the candidate, the
 * question and the moment, with the words found marked, and opens the answer at that moment.
 */
export function TranscriptSearch({ jobId }: { jobId: string }) {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const search = useTranscriptSearch(jobId, q);
  const inputId = useId();
  const resultsId = useId();
  const hits = search.data?.hits ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${inputId}-title`} sx={{ p: 2, mb: 2 }}>
      <Typography id={`${inputId}-title`} variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Search what candidates said
      </Typography>
      <Stack
        component="form"
        role="search"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          setQ(draft.trim());
        }}
      >
        <TextField
          id={inputId}
          size="small"
          label="Words from their answers"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          slotProps={{ htmlInput: { maxLength: TRANSCRIPT_SEARCH_LIMITS.queryMax } }}
          sx={{ flex: 1 }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={draft.trim() === ''}>
            Search
          </Button>
          {q !== '' && (
            <Button
              onClick={() => {
                setDraft('');
                setQ('');
              }}
            >
              Clear
            </Button>
          )}
        </Stack>
      </Stack>
      {q !== '' && (
        <Box id={resultsId} aria-live="polite" sx={{ mt: 2 }}>
          {search.isError ? (
            <Typography role="alert" color="error">
              {errorMessage(search.error)}
            </Typography>
          ) : search.isPending ? (
            <Typography color="text.secondary">Searching…</Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {hits.length === 0
                  ? `Nobody said “${q}” in a transcribed answer.`
                  : `${hits.length}${search.data?.truncated ? '+' : ''} ${hits.length === 1 ? 'moment' : 'moments'} found for “${q}”`}
              </Typography>
              <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {hits.map((hit, i) => (
                  <Box
                    component="li"
                    key={`${hit.assetId}-${hit.start}-${i}`}
                    sx={{ py: 1, borderTop: i === 0 ? 0 : '1px solid', borderColor: 'divider' }}
                  >
                    <Link component={RouterLink} to={hitPath(jobId, hit)} sx={{ fontWeight: 600 }}>
                      {hit.candidateName} at {clockTime(hit.start)}
                    </Link>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {hit.kind === 'introduction'
                        ? `Video introduction${hit.question ? `: ${hit.question}` : ''}`
                        : hit.question}
                    </Typography>
                    <Snippet parts={hit.snippet} />
                  </Box>
                ))}
              </Box>
            </>
          )}
        </Box>
      )}
    </Paper>
  );
}
