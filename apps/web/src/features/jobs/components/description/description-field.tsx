import { lazy, Suspense, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { deltaHasText, type TDelta } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';

const QuillEditor = lazy(() => import('../../../../components/rich-text/quill-editor.tsx'));

type TProps = {
  value: TDelta | null;
  onChange: (delta: TDelta) => void;
  onOpenWizard: () => void;
  onLoadTemplate: () => void;
  error?: string;
  disabled?: boolean;
};

// A stored description Quill cannot read (spec 1 §5: 'Looks like you have some issues with your description').
export const isReadableDelta = (value: unknown): value is TDelta =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { ops?: unknown }).ops) &&
  (value as { ops: unknown[] }).ops.every((op) => typeof op === 'object' && op !== null && 'insert' in op);

// spec 1 §2: the description starts as a chooser (AI wizard or the template) until content exists; then the
// Quill editor, with 'Reset to template' behind a confirmation.
export function DescriptionField({ value, onChange, onOpenWizard, onLoadTemplate, error, disabled }: TProps) {
  const [editing, setEditing] = useState(
    () => value !== null && (!isReadableDelta(value) || deltaHasText(value)),
  );
  const [confirmReset, setConfirmReset] = useState(false);
  const showEditor = editing || deltaHasText(value);
  const readable = value === null || isReadableDelta(value);

  const loadTemplate = () => {
    onLoadTemplate();
    setEditing(true);
  };

  return (
    <Box>
      {showEditor && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button size="small" startIcon={<AutoAwesome />} onClick={onOpenWizard} disabled={disabled}>
              Generate with AI
            </Button>
            <Button
              size="small"
              startIcon={<RestartAlt />}
              onClick={() => setConfirmReset(true)}
              disabled={disabled}
            >
              Reset to template
            </Button>
          </Stack>
        </Box>
      )}

      {!readable ? (
        <Alert severity="error">{jobMessages.descriptionUnreadable}</Alert>
      ) : showEditor ? (
        <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
          <QuillEditor
            value={value}
            onChange={onChange}
            placeholder={jobMessages.editorPlaceholder}
            readOnly={disabled}
            label="Job description"
          />
        </Suspense>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <ChooserCard
            icon={<AutoAwesome color="primary" />}
            title="Create with AI"
            text="Answer four short questions and pick a tone: we write the first draft."
            onClick={onOpenWizard}
            disabled={disabled}
          />
          <ChooserCard
            icon={<DescriptionOutlined color="primary" />}
            title="Start from template"
            text="Begin with headings for responsibilities, requirements and benefits."
            onClick={loadTemplate}
            disabled={disabled}
          />
        </Box>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}

      <ConfirmDialog
        open={confirmReset}
        title="Reset to template?"
        confirmLabel="Reset"
        destructive
        onConfirm={loadTemplate}
        onClose={() => setConfirmReset(false)}
      >
        The description you have written will be replaced by the default template. This cannot be undone.
      </ConfirmDialog>
      {!readable && (
        <Button
          sx={{ mt: 1 }}
          startIcon={<RestartAlt />}
          onClick={() => setConfirmReset(true)}
          disabled={disabled}
        >
          Reset to template
        </Button>
      )}
    </Box>
  );
}

function ChooserCard({
  icon,
  title,
  text,
  onClick,
  disabled,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <ButtonBase
      onClick={onClick}
      disabled={disabled}
      sx={{
        display: 'block',
        textAlign: 'left',
        p: 2.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        '&:hover': { borderColor: 'primary.main', bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {icon}
      <Typography variant="subtitle1" component="span" sx={{ display: 'block', fontWeight: 600, mt: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', mt: 0.5 }}>
        {text}
      </Typography>
    </ButtonBase>
  );
}
