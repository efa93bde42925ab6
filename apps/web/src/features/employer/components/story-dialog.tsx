import { lazy, Suspense, useId, useState } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import VideoLibraryOutlined from '@mui/icons-material/VideoLibraryOutlined';
import type { TVideoAsset } from '@hirecast/domain/asset';
import type { TStory } from '@hirecast/domain/company-page';
import {
  COMPANY_PAGE_LIMITS,
  companyPageMessages,
  storyCreateFailureMessage,
  type TPageType,
} from '@hirecast/domain/company-page-rules';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateStory } from '../api/create-story.ts';
import { useUpdateStory } from '../api/update-story.ts';
import {
  checkStoryForm,
  EMPTY_STORY_FORM,
  isStoryFormDirty,
  slugHint,
  storyToForm,
  suggestedSlug,
  type TStoryForm,
  type TStoryFormErrors,
} from './story-form.ts';

const QuillEditor = lazy(() => import('../../../components/rich-text/quill-editor.tsx'));
const MediaChooserDialog = lazy(async () => ({
  default: (await import('../../../components/media/media-chooser-dialog.tsx')).MediaChooserDialog,
}));
const VIDEO_KINDS = ['video'] as const;

const posterOf = (video: TVideoAsset | null) =>
  video?.data.customThumbnailUrl || video?.data.image640 || video?.data.thumbnailUrl || undefined;

type TProps = { pageId: string; pageType: TPageType; story: TStory | null; onClose: () => void };

// spec 3 §4 / §5 / §8: the employee story dialog. Name, URL slug, position, quote, a library video and the story
// text (Quill). Closing with unsaved changes asks first.
export function StoryDialog({ pageId, pageType, story, onClose }: TProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [initial] = useState<TStoryForm>(() => (story ? storyToForm(story) : EMPTY_STORY_FORM));
  const [form, setForm] = useState<TStoryForm>(initial);
  const [video, setVideo] = useState<TVideoAsset | null>(story?.video ?? null);
  const [slugTouched, setSlugTouched] = useState(Boolean(story));
  const [errors, setErrors] = useState<TStoryFormErrors>({});
  const [choosing, setChoosing] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const create = useCreateStory();
  const update = useUpdateStory();
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof TStoryForm>(key: K, value: TStoryForm[K]) => {
    setForm((prev) => {
      const next = { ...prev, [key]: value };
      if (key === 'name' && !slugTouched) next.slug = suggestedSlug(String(value));
      return next;
    });
    setErrors((prev) => ({ ...prev, [key]: undefined }));
  };

  const requestClose = () => {
    if (saving) return;
    if (isStoryFormDirty(initial, form)) setConfirmClose(true);
    else onClose();
  };

  const fieldErrorsOf = (err: unknown): TStoryFormErrors => {
    if (!(err instanceof ApiError)) return {};
    return { name: err.fields.name, slug: err.fields.slug };
  };

  const submit = () => {
    const checked = checkStoryForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    if (!story) {
      create.mutate(
        { pageId, body: { ...checked.body, pageType } },
        {
          onSuccess: () => {
            toast.success(companyPageMessages.storyCreated);
            onClose();
          },
          onError: (err) => {
            setErrors(fieldErrorsOf(err));
            toast.error(storyCreateFailureMessage(err instanceof ApiError ? err : null));
          },
        },
      );
      return;
    }
    update.mutate(
      { pageId, slug: story.slug, body: checked.body },
      {
        onSuccess: () => {
          toast.success(companyPageMessages.storyUpdated);
          onClose();
        },
        onError: (err) => {
          const fields = fieldErrorsOf(err);
          setErrors(fields);
          toast.error(fields.name ?? fields.slug ?? companyPageMessages.storyUpdateFailed);
        },
      },
    );
  };

  const hint = slugHint(form.slug);
  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        fullWidth
        maxWidth="md"
        fullScreen={fullScreen}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{story ? 'Edit employee story' : 'Add employee story'}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5} component="form" noValidate onSubmit={(e) => e.preventDefault()}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Name"
                required
                value={form.name}
                onChange={(e) => set('name', e.target.value)}
                error={Boolean(errors.name)}
                helperText={errors.name ?? `${form.name.length}/${COMPANY_PAGE_LIMITS.storyNameMax}`}
                slotProps={{ htmlInput: { maxLength: COMPANY_PAGE_LIMITS.storyNameMax } }}
                autoFocus
                fullWidth
              />
              <TextField
                label="Position"
                required
                value={form.title}
                onChange={(e) => set('title', e.target.value)}
                error={Boolean(errors.title)}
                helperText={errors.title ?? `${form.title.length}/${COMPANY_PAGE_LIMITS.storyPositionMax}`}
                slotProps={{ htmlInput: { maxLength: COMPANY_PAGE_LIMITS.storyPositionMax } }}
                fullWidth
              />
            </Stack>
            <TextField
              label="URL slug"
              value={form.slug}
              onChange={(e) => {
                setSlugTouched(true);
                set('slug', e.target.value);
              }}
              error={Boolean(errors.slug ?? hint)}
              helperText={
                errors.slug ??
                hint ??
                'The end of the story’s address. Lowercase letters, numbers and hyphens.'
              }
              slotProps={{ htmlInput: { maxLength: COMPANY_PAGE_LIMITS.storySlugMax, spellCheck: false } }}
              fullWidth
            />
            <TextField
              label="Quote"
              value={form.quoteText}
              onChange={(e) => set('quoteText', e.target.value)}
              error={Boolean(errors.quoteText)}
              helperText={errors.quoteText ?? `${form.quoteText.length}/${COMPANY_PAGE_LIMITS.storyQuoteMax}`}
              slotProps={{ htmlInput: { maxLength: COMPANY_PAGE_LIMITS.storyQuoteMax } }}
              multiline
              minRows={2}
              fullWidth
            />
            <Box>
              <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                Video *
              </Typography>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                {video && (
                  <Box
                    component="img"
                    src={posterOf(video)}
                    alt=""
                    sx={{
                      width: 128,
                      aspectRatio: '16 / 9',
                      objectFit: 'cover',
                      borderRadius: 1,
                      bgcolor: '#000',
                    }}
                  />
                )}
                <Box sx={{ minWidth: 0 }}>
                  {video && (
                    <Typography noWrap sx={{ fontWeight: 600 }} data-testid="story-video-title">
                      {video.title}
                    </Typography>
                  )}
                  <Button
                    variant="outlined"
                    startIcon={<VideoLibraryOutlined />}
                    onClick={() => setChoosing(true)}
                    sx={{ mt: video ? 1 : 0 }}
                  >
                    {video ? 'Change video' : 'Choose video'}
                  </Button>
                </Box>
              </Stack>
              {errors._video && <FormHelperText error>{errors._video}</FormHelperText>}
            </Box>
            <Box>
              <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                Story
              </Typography>
              <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
                <QuillEditor
                  label="Story"
                  placeholder="Tell the story: how they joined, what their days are like, what they love about it."
                  value={form.text}
                  onChange={(delta) => set('text', delta)}
                />
              </Suspense>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={requestClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="contained" onClick={submit} loading={saving}>
            {story ? 'Save story' : 'Add story'}
          </Button>
        </DialogActions>
      </Dialog>
      {choosing && (
        <Suspense fallback={null}>
          <MediaChooserDialog
            open
            kinds={VIDEO_KINDS}
            onClose={() => setChoosing(false)}
            onChoose={(chosen) => {
              setChoosing(false);
              if (chosen.kind !== 'video') return;
              setVideo(chosen.asset);
              set('_video', chosen.asset._id);
            }}
          />
        </Suspense>
      )}
      <Dialog
        open={confirmClose}
        onClose={() => setConfirmClose(false)}
        aria-labelledby={`${titleId}-unsaved`}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={`${titleId}-unsaved`}>Unsaved changes</DialogTitle>
        <DialogContent>
          <DialogContentText>{companyPageMessages.unsavedClose}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmClose(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmClose(false);
              onClose();
            }}
          >
            Close anyway
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
