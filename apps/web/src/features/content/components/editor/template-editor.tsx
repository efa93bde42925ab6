import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { useRenderVideoTemplate, useSaveVideoTemplate } from '../../api/save-video-template.ts';
import { mediaMessages } from '../../../../components/media/media-messages.ts';
import { BrandingPanel } from './branding-panel.tsx';
import {
  FinalizedDialog,
  LeaveDialog,
  SAVE_STEPS,
  SaveErrorDialog,
  SavingProgress,
} from './editor-dialogs.tsx';
import { PreviewPlayer, type TPlayerHandle } from './preview-player.tsx';
import { SectionsList } from './sections-list.tsx';
import { editorReducer, type TEditorState } from './template-form.ts';
import { canFinalize, EDITOR_LIMITS, validateTemplate } from './template-validation.ts';
import { ThumbnailSelector } from './thumbnail-selector.tsx';

const LIBRARY = '/content?tab=animated';

// spec 3 §2 Animated video editor: header (back, editable title), preview and thumbnail selector, branding,
// sections, Save as draft and Finalize; §4: save and finalize step 80, 90, 99 with the warning; leaving with
// unsaved changes asks first.
export function TemplateEditor({
  initial,
  templateId,
  showErrors = false,
  notice = null,
}: {
  initial: TEditorState;
  /** The stored template being edited; null for a new one (create, copy, sample). */
  templateId: string | null;
  showErrors?: boolean;
  /** Why the editor did not open as asked (a clip it was opened with that could not go in). */
  notice?: string | null;
}) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(editorReducer, initial);
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const [id, setId] = useState(templateId);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(showErrors);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ message: string; saved: boolean } | null>(null);
  const [finalized, setFinalized] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [shownNotice, setShownNotice] = useState(notice);
  const save = useSaveVideoTemplate();
  const player = useRef<TPlayerHandle | null>(null);
  const render = useRenderVideoTemplate();
  const dirty = JSON.stringify(state) !== saved;
  const issues = useMemo(() => validateTemplate(state.data, state.title), [state.data, state.title]);
  const ready = canFinalize(issues);
  const busy = progress !== null;

  const errorOf = useCallback(
    (field: string) => (showAll || touched.has(field) ? issues.fields[field] : undefined),
    [issues, showAll, touched],
  );
  const touch = useCallback(
    (field: string) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field))),
    [],
  );

  // Set just before a navigation that follows a save, when the render has not yet seen the clean state.
  const allowLeave = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !busy && !allowLeave.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty && !busy) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, busy]);

  /** Saves (and finalizes): files are uploaded as they are picked, so the steps are 80, 90, 99. */
  const run = async (finalize: boolean): Promise<TVideoTemplate | null> => {
    const snapshot = state;
    setProgress(SAVE_STEPS.files);
    let saved = false;
    try {
      const title = snapshot.title.trim() || 'Untitled video';
      const body = { title, cover: snapshot.data.cover, data: { ...snapshot.data, title } };
      const template = await save.mutateAsync({ id, body });
      setProgress(SAVE_STEPS.saved);
      // Saved: the changes are safe even if the render request fails.
      setSaved(JSON.stringify(snapshot));
      setId(template._id);
      saved = true;
      if (!finalize) return template;
      const rendering = await render.mutateAsync(template._id);
      setProgress(SAVE_STEPS.finalized);
      return rendering;
    } catch (err) {
      // A refused render (the company's renders at their limit, 429) comes after a good save: the dialog says so.
      setFailure({
        message: err instanceof ApiError ? errorMessage(err) : mediaMessages.saveFlowFailed,
        saved,
      });
      return null;
    } finally {
      setProgress(null);
    }
  };

  const saveDraft = async () => {
    const template = await run(false);
    if (!template) return false;
    toast.success('Your video has been saved as a draft');
    if (!id) {
      allowLeave.current = true;
      navigate(`/content/edit/${template._id}`, { replace: true });
    }
    return true;
  };
  const finalize = async () => {
    setShowAll(true);
    if (!ready) return;
    const template = await run(true);
    if (template) setFinalized(true);
  };

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Stack
        component="header"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', mb: 2, flexWrap: { xs: 'wrap', md: 'nowrap' }, rowGap: 1 }}
      >
        <Tooltip title="Back to Videos">
          <IconButton aria-label="Back to Videos" onClick={() => navigate(LIBRARY)} edge="start">
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <TextField
          variant="standard"
          value={state.title}
          onChange={(e) => dispatch({ type: 'title', title: e.target.value.slice(0, EDITOR_LIMITS.title) })}
          placeholder="Untitled video"
          slotProps={{
            htmlInput: { 'aria-label': 'Title', maxLength: EDITOR_LIMITS.title },
            input: { sx: { fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 600 } },
          }}
          // On a phone the title takes its own line beside the back button; the buttons go under it.
          sx={{ flex: 1, minWidth: 0, flexBasis: { xs: 'calc(100% - 56px)', md: 'auto' } }}
        />
        <Stack direction="row" spacing={1} sx={{ ml: 'auto', flexShrink: 0 }}>
          <Button
            variant="outlined"
            onClick={() => void saveDraft()}
            disabled={busy || uploading}
            loading={busy && !render.isPending}
          >
            Save as draft
          </Button>
          <Tooltip title={ready ? '' : 'Fill in the required fields to finalize'}>
            <span>
              <Button
                variant="contained"
                onClick={() => void finalize()}
                disabled={!ready || busy || uploading}
              >
                Finalize
              </Button>
            </span>
          </Tooltip>
        </Stack>
      </Stack>
      {progress !== null && <SavingProgress value={progress} />}
      {shownNotice && (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setShownNotice(null)}>
          {shownNotice}
        </Alert>
      )}
      {!ready && !busy && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            !showAll && (
              <Button color="inherit" size="small" onClick={() => setShowAll(true)}>
                Show what is missing
              </Button>
            )
          }
        >
          {showAll && issues.form.length > 0
            ? issues.form.join(' ')
            : 'Finalize is available once every required field is filled.'}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: 'minmax(0, 1fr)',
          '@media (min-width:901px)': { gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ '@media (min-width:901px)': { position: 'sticky', top: 80 } }}>
          <PreviewPlayer data={state.data} handleRef={player} />
          <ThumbnailSelector
            data={state.data}
            player={player}
            onChange={(cover) => dispatch({ type: 'data', patch: { cover } })}
            onUploadingChange={setUploading}
          />
        </Stack>
        <Stack spacing={4}>
          <BrandingPanel data={state.data} dispatch={dispatch} onUploadingChange={setUploading} />
          <SectionsList data={state.data} dispatch={dispatch} errorOf={errorOf} onTouch={touch} />
        </Stack>
      </Box>
      {blocker.state === 'blocked' && (
        <LeaveDialog
          saving={busy}
          onStay={() => blocker.reset()}
          onLeave={() => blocker.proceed()}
          onSaveDraft={() =>
            void run(false).then((template) => (template ? blocker.proceed() : blocker.reset()))
          }
        />
      )}
      {finalized && <FinalizedDialog onClose={() => navigate(LIBRARY)} />}
      {failure && (
        <SaveErrorDialog message={failure.message} saved={failure.saved} onClose={() => setFailure(null)} />
      )}
    </Box>
  );
}
