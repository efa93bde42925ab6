import { useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { LETTER_PLACEHOLDERS, type TLetterValues } from '@hirecast/domain/applicants';
import { fillLetter, LETTER_LIMITS, type TLetter } from '@hirecast/domain/letters';
import { PLACEHOLDER_LABELS } from './letter-kinds.ts';

type TField = keyof TLetter;

type TProps = {
  label: string;
  about: string;
  value: TLetter;
  errors: Partial<Record<TField, string>>;
  sample: TLetterValues;
  disabled: boolean;
  onChange: (next: TLetter) => void;
};

// One letter: subject and text, placeholders inserted where the cursor was, and a live preview filled with
// sample values (domain letters.ts fillLetter, plain text as the email's text part reads).
export function LetterEditor({ label, about, value, errors, sample, disabled, onChange }: TProps) {
  const subjectRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fieldElement = (field: TField) => (field === 'subject' ? subjectRef.current : textRef.current);
  // The field the placeholder goes into: the one last focused (the text until then).
  const target = useRef<TField>('text');
  const caret = useRef<{ field: TField; at: number } | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  // After an insertion has rendered, the cursor goes back into the field, just after the placeholder.
  useLayoutEffect(() => {
    const pending = caret.current;
    if (!pending) return;
    caret.current = null;
    const el = fieldElement(pending.field);
    el?.focus();
    el?.setSelectionRange(pending.at, pending.at);
  });

  const insert = (name: keyof TLetterValues) => {
    setMenuAnchor(null);
    const field = target.current;
    const el = fieldElement(field);
    const current = value[field];
    const token = `{${name}}`;
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? start;
    const max = field === 'subject' ? LETTER_LIMITS.subjectMax : LETTER_LIMITS.textMax;
    const next = `${current.slice(0, start)}${token}${current.slice(end)}`;
    if (next.length > max) return;
    caret.current = { field, at: start + token.length };
    onChange({ ...value, [field]: next });
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        gap: 3,
        alignItems: 'start',
      }}
    >
      <Stack spacing={2.5}>
        <Typography variant="body2" color="text.secondary">
          {about}
        </Typography>
        <TextField
          label="Subject"
          value={value.subject}
          inputRef={subjectRef}
          onFocus={() => (target.current = 'subject')}
          onChange={(e) => onChange({ ...value, subject: e.target.value })}
          error={Boolean(errors.subject)}
          helperText={errors.subject ?? `${value.subject.length}/${LETTER_LIMITS.subjectMax}`}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: LETTER_LIMITS.subjectMax } }}
          fullWidth
        />
        <TextField
          label="Text"
          value={value.text}
          inputRef={textRef}
          onFocus={() => (target.current = 'text')}
          onChange={(e) => onChange({ ...value, text: e.target.value })}
          error={Boolean(errors.text)}
          helperText={errors.text ?? `${value.text.length}/${LETTER_LIMITS.textMax}`}
          disabled={disabled}
          multiline
          minRows={10}
          maxRows={24}
          slotProps={{ htmlInput: { maxLength: LETTER_LIMITS.textMax } }}
          fullWidth
        />
        <Box>
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            size="small"
            disabled={disabled}
            aria-haspopup="menu"
            onMouseDown={(e) => e.preventDefault()} // keeps the field's cursor where it is
            onClick={(e) => setMenuAnchor(e.currentTarget)}
          >
            Insert placeholder
          </Button>
          <Menu
            anchorEl={menuAnchor}
            open={Boolean(menuAnchor)}
            onClose={() => setMenuAnchor(null)}
            // The cursor goes back to the field, not to this button.
            disableRestoreFocus
          >
            {LETTER_PLACEHOLDERS.map((name) => (
              <MenuItem key={name} onClick={() => insert(name)}>
                {PLACEHOLDER_LABELS[name]}
                <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '0.8rem' }}>
                  {`{${name}}`}
                </Typography>
              </MenuItem>
            ))}
          </Menu>
        </Box>
      </Stack>
      <Paper
        variant="outlined"
        component="section"
        aria-label={`${label} preview`}
        sx={{ p: 2.5, borderRadius: 2, bgcolor: 'grey.50' }}
      >
        <Typography variant="overline" color="text.secondary">
          Preview with sample values
        </Typography>
        <Typography sx={{ fontWeight: 600, mt: 0.5, mb: 1.5, overflowWrap: 'anywhere' }}>
          {fillLetter(value.subject, sample, { html: false })}
        </Typography>
        <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {fillLetter(value.text, sample, { html: false })}
        </Typography>
      </Paper>
    </Box>
  );
}
