import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { DragHandle, useSortableItem } from '../../../../components/sortable-list.tsx';
import { assertNever } from '@hirecast/domain/assert-never';
import { ANSWER_TYPES, INTERVIEW_LIMITS, type TAnswerType } from '@hirecast/domain/interview';
import {
  formatSeconds,
  LIMIT_CHOICES,
  PREP_CHOICES,
  RETAKE_CHOICES,
  settingsFor,
  type TDraftQuestion,
} from './interview-draft.ts';
import { PromptVideoField } from './prompt-video-field.tsx';

const TYPE_LABELS: Record<TAnswerType, string> = {
  video: 'Video',
  text: 'Text',
  choice: 'Multiple choice',
  file: 'File (PDF, DOCX or image)',
};

const code = (v: number | null) => (v === null ? 'none' : String(v));
const decode = (v: string) => (v === 'none' ? null : Number(v));

/** A select of numbers, null among them where `choices` has it: the question's times and its retakes. */
function NumberSelect({
  label,
  value,
  choices,
  describe,
  error,
  disabled,
  onChange,
}: {
  label: string;
  value: number | null;
  choices: readonly (number | null)[];
  describe: (choice: number | null) => string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: number | null) => void;
}) {
  return (
    <TextField
      select
      label={label}
      value={code(value)}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error}
      onChange={(e) => onChange(decode(e.target.value))}
    >
      {choices.map((choice) => (
        <MenuItem key={code(choice)} value={code(choice)}>
          {describe(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
}

type TTypeFieldsProps = {
  q: TDraftQuestion;
  disabled: boolean;
  errors: Record<string, string>;
  label: string;
  set: (patch: Partial<TDraftQuestion>) => void;
};

/** Beside the preparation time, what the answer type owns: a video's limit and retakes, a text's length. */
function TypeSettings({ q, disabled, errors, set }: TTypeFieldsProps) {
  switch (q.answerType) {
    case 'video':
      return (
        <>
          <NumberSelect
            label="Answer time limit"
            value={q.limitSeconds}
            choices={LIMIT_CHOICES}
            describe={(s) => (s === null ? 'None' : formatSeconds(s))}
            error={errors.limitSeconds}
            disabled={disabled}
            onChange={(limitSeconds) => set({ limitSeconds })}
          />
          <NumberSelect
            label="Retakes"
            value={q.retakes}
            choices={RETAKE_CHOICES}
            describe={(n) => (n === null ? 'Unlimited' : n === 0 ? 'None (one take)' : String(n))}
            error={errors.retakes}
            disabled={disabled}
            onChange={(retakes) => set({ retakes })}
          />
        </>
      );
    case 'text':
      return (
        <TextField
          label="Longest answer (characters)"
          type="number"
          value={q.maxChars ?? ''}
          disabled={disabled}
          error={Boolean(errors.maxChars)}
          helperText={errors.maxChars ?? `Up to ${INTERVIEW_LIMITS.textMaxChars.toLocaleString('en-GB')}`}
          onChange={(e) => set({ maxChars: e.target.value === '' ? null : Number(e.target.value) })}
          slotProps={{ htmlInput: { min: 1, max: INTERVIEW_LIMITS.textMaxChars } }}
        />
      );
    case 'choice':
    case 'file':
      return null;
    default:
      return assertNever(q.answerType, 'answer type');
  }
}

/** Below the settings: a multiple-choice question's options. */
function TypeOptions({ q, disabled, errors, label, set }: TTypeFieldsProps) {
  switch (q.answerType) {
    case 'choice':
      return (
        <Stack spacing={1} role="group" aria-label={`Options of ${label}`}>
          {q.options.map((option, i) => (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={`Option ${i + 1}`}
                value={option}
                size="small"
                fullWidth
                disabled={disabled}
                slotProps={{ htmlInput: { maxLength: INTERVIEW_LIMITS.optionMax } }}
                onChange={(e) => set({ options: q.options.map((o, j) => (j === i ? e.target.value : o)) })}
              />
              {!disabled && q.options.length > INTERVIEW_LIMITS.optionsMin && (
                <IconButton
                  aria-label={`Remove option ${i + 1}`}
                  size="small"
                  onClick={() => set({ options: q.options.filter((_, j) => j !== i) })}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              )}
            </Stack>
          ))}
          {errors.options && (
            <Typography color="error" variant="body2">
              {errors.options}
            </Typography>
          )}
          {!disabled && q.options.length < INTERVIEW_LIMITS.optionsMax && (
            <Button sx={{ alignSelf: 'flex-start' }} onClick={() => set({ options: [...q.options, ''] })}>
              Add option
            </Button>
          )}
        </Stack>
      );
    case 'video':
    case 'text':
    case 'file':
      return null;
    default:
      return assertNever(q.answerType, 'answer type');
  }
}

/** One question of the set: every field of issue 25 item 1, reorder handle and buttons, remove, save to library. */
export function QuestionCard({
  question,
  index,
  count,
  disabled,
  errors,
  onChange,
  onMove,
  onRemove,
  onSaveToLibrary,
}: {
  question: TDraftQuestion;
  index: number;
  count: number;
  disabled: boolean;
  errors: Record<string, string>;
  onChange: (q: TDraftQuestion) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onSaveToLibrary: () => void;
}) {
  const { ref, style, isDragging, handle } = useSortableItem(question.key, { disabled });
  const set = (patch: Partial<TDraftQuestion>) => onChange({ ...question, ...patch });
  const label = `question ${index + 1}`;
  const q = question;
  return (
    <Card ref={ref} style={style} variant="outlined" sx={{ boxShadow: isDragging ? 6 : 0 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          {!disabled && <DragHandle {...handle} label={label} />}
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, flex: 1 }}>
            Question {index + 1}
          </Typography>
          {!disabled && (
            <>
              <IconButton
                aria-label={`Move ${label} up`}
                size="small"
                disabled={index === 0}
                onClick={() => onMove(index - 1)}
              >
                <ArrowUpward fontSize="small" />
              </IconButton>
              <IconButton
                aria-label={`Move ${label} down`}
                size="small"
                disabled={index === count - 1}
                onClick={() => onMove(index + 1)}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
              <Tooltip title={count === 1 ? 'An interview has at least one question' : ''}>
                <span>
                  <IconButton
                    aria-label={`Remove ${label}`}
                    size="small"
                    disabled={count === 1}
                    onClick={onRemove}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </>
          )}
        </Stack>
        <Stack spacing={2}>
          <TextField
            label={`Question ${index + 1}`}
            value={q.prompt}
            onChange={(e) => set({ prompt: e.target.value })}
            multiline
            minRows={2}
            disabled={disabled}
            error={Boolean(errors.prompt)}
            helperText={errors.prompt ?? `${q.prompt.length}/${INTERVIEW_LIMITS.promptMax}`}
            slotProps={{ htmlInput: { maxLength: INTERVIEW_LIMITS.promptMax } }}
          />
          <PromptVideoField
            label={label}
            video={q.promptVideo}
            disabled={disabled}
            error={errors.promptVideoId}
            onChange={(promptVideo) => set({ promptVideo })}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              select
              label="Answer type"
              value={q.answerType}
              disabled={disabled}
              onChange={(e) => set(settingsFor(e.target.value as TAnswerType, q))}
            >
              {ANSWER_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
            <NumberSelect
              label="Preparation time"
              value={q.prepSeconds}
              choices={PREP_CHOICES}
              describe={(s) => (s === null ? 'None' : formatSeconds(s))}
              error={errors.prepSeconds}
              disabled={disabled}
              onChange={(prepSeconds) => set({ prepSeconds })}
            />
            <TypeSettings q={q} disabled={disabled} errors={errors} label={label} set={set} />
          </Box>
          <TypeOptions q={q} disabled={disabled} errors={errors} label={label} set={set} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={q.required}
                  disabled={disabled}
                  onChange={(e) => set({ required: e.target.checked })}
                />
              }
              label="Required"
            />
            {!disabled && (
              <Button onClick={onSaveToLibrary} disabled={q.prompt.trim() === ''}>
                Save to question library
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
