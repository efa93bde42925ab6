import { useState, type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';

type TProps = {
  label: string;
  /** The stored value; what the field shows until the person types. */
  stored: string;
  max: number;
  required?: boolean;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** A message when the trimmed value may not be saved, else null. */
  validate: (value: string) => string | null;
  /** Saves the trimmed value; resolves to an error message to show, or null when saved. */
  save: (value: string) => Promise<string | null>;
};

// spec 2 §4 Settings saves: a personal field saves when it loses focus, and only when its trimmed value differs
// from the stored one. Typing past the maximum is blocked and a counter shows 'n/max' (spec 1 §5).
export function BlurSaveField({
  label,
  stored,
  max,
  required,
  type,
  placeholder,
  autoComplete,
  hint,
  inputRef,
  validate,
  save,
}: TProps) {
  // null: untouched since the last save, the stored value shows.
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const value = draft ?? stored;

  const onBlur = async () => {
    if (draft === null) return;
    const trimmed = draft.trim();
    if (trimmed === stored.trim()) {
      setDraft(null);
      setError(null);
      return;
    }
    const problem = validate(trimmed);
    setError(problem);
    if (problem) return;
    setSaving(true);
    const failure = await save(trimmed);
    setSaving(false);
    setError(failure);
    if (!failure) setDraft(null);
  };

  return (
    <TextField
      label={label}
      value={value}
      required={required}
      type={type}
      placeholder={placeholder}
      autoComplete={autoComplete}
      inputRef={inputRef}
      onChange={(e) => {
        setDraft(e.target.value);
        if (error) setError(null);
      }}
      onBlur={() => void onBlur()}
      error={Boolean(error)}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{error ?? (saving ? 'Saving…' : hint)}</span>
          <Box component="span" sx={{ flexShrink: 0 }} aria-hidden="true">
            {value.length}/{max}
          </Box>
        </Box>
      }
      slotProps={{ htmlInput: { maxLength: max } }}
      fullWidth
    />
  );
}
