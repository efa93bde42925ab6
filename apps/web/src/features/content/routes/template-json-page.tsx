import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TTemplateData } from '@hirecast/domain/video-template';
import { normalizeTemplateData, TEMPLATE_MESSAGES } from '@hirecast/domain/video-template-rules';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useVideoTemplate } from '../api/get-video-template.ts';
import { PreviewPlayer } from '../components/editor/preview-player.tsx';
import { jsonToTemplate, templateToJson } from '../components/editor/template-json.ts';
import { newTemplateData } from '../components/editor/template-form.ts';

function JsonPreview({ initial }: { initial: TTemplateData }) {
  const [text, setText] = useState(() => templateToJson(initial));
  const [data, setData] = useState(initial);
  const [problem, setProblem] = useState<{ kind: 'json' | 'template'; message: string } | null>(null);
  const edit = (next: string) => {
    setText(next);
    const result = jsonToTemplate(next);
    if (result.ok) {
      setData(result.data);
      setProblem(null);
    } else setProblem({ kind: result.kind, message: result.message });
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: 'minmax(0, 1fr)',
        '@media (min-width:901px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box>
        {problem?.kind === 'template' && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {TEMPLATE_MESSAGES.playerError}: {problem.message}
          </Alert>
        )}
        <PreviewPlayer data={data} />
      </Box>
      <TextField
        label="Template JSON"
        value={text}
        onChange={(e) => edit(e.target.value)}
        multiline
        minRows={18}
        maxRows={32}
        error={problem?.kind === 'json'}
        helperText={
          problem?.kind === 'json' ? problem.message : 'aRolls are the sections; bRolls the overlays.'
        }
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
    </Box>
  );
}

function StoredJson({ id }: { id: string }) {
  const query = useVideoTemplate(id);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Alert severity="error">We could not load this video.</Alert>;
  return <JsonPreview initial={normalizeTemplateData(query.data.data)} />;
}

// spec 3 §2 /content/json: a template preview with an editable JSON box; §8 'Invalid JSON'. `?id=` opens a
// stored template, otherwise a new landscape one.
export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <>
      <title>Template JSON · Hirecast</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 2 }}>
        Template JSON
      </Typography>
      {id ? <StoredJson id={id} /> : <JsonPreview initial={newTemplateData('landscape')} />}
    </>
  );
}
