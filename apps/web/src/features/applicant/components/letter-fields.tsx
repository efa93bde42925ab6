import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LETTER_LIMITS, type TLetter } from '@hirecast/domain/letters';

/** The subject (optional) and text of an email, as every letter dialog edits them. */
export function LetterFields({
  letter,
  onChange,
  error,
  disabled,
  withSubject = true,
}: {
  letter: TLetter;
  onChange: (letter: TLetter) => void;
  error: string | null;
  disabled: boolean;
  withSubject?: boolean;
}) {
  return (
    <Stack spacing={2}>
      {withSubject && (
        <TextField
          label="Subject"
          value={letter.subject}
          onChange={(event) => onChange({ ...letter, subject: event.target.value })}
          disabled={disabled}
          fullWidth
          slotProps={{ htmlInput: { maxLength: LETTER_LIMITS.subjectMax } }}
        />
      )}
      <TextField
        label="Email"
        value={letter.text}
        onChange={(event) => onChange({ ...letter, text: event.target.value })}
        disabled={disabled}
        error={Boolean(error)}
        helperText={error ?? `${letter.text.length}/${LETTER_LIMITS.textMax}`}
        multiline
        minRows={8}
        maxRows={16}
        fullWidth
        slotProps={{ htmlInput: { maxLength: LETTER_LIMITS.textMax } }}
      />
    </Stack>
  );
}
