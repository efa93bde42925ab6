import { useEffect, useRef, type ChangeEvent, type Ref } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { isCssColor } from '@hirecast/domain/css-color';

type TProps = {
  label: string;
  value: string;
  fallback: string;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onBlur: () => void;
  // Called 700 ms after the last keystroke (spec 2 §9: colour check 700 ms), and at once after picking.
  onCheck: () => void;
};

const COLOUR_CHECK_MS = 700;

// A colour as text (any CSS colour) with a swatch that also opens the browser's colour picker.
export function ColorField({
  label,
  value,
  fallback,
  error,
  disabled = false,
  inputRef,
  onChange,
  onBlur,
  onCheck,
}: TProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = isCssColor(value) ? value : fallback;
  const hex = /^#[0-9a-f]{6}$/i.test(shown) ? shown : fallback;

  const type = (next: string) => {
    onChange(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(onCheck, COLOUR_CHECK_MS);
  };

  return (
    <TextField
      label={label}
      value={value}
      placeholder={fallback}
      onChange={(e) => type(e.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      error={Boolean(error)}
      disabled={disabled}
      helperText={error ?? 'Leave empty for the default.'}
      fullWidth
      slotProps={{
        htmlInput: { maxLength: 64, spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                sx={{
                  position: 'relative',
                  width: 28,
                  height: 28,
                  borderRadius: 1,
                  bgcolor: shown,
                  border: 1,
                  borderColor: 'divider',
                  overflow: 'hidden',
                }}
              >
                <Box
                  component="input"
                  type="color"
                  aria-label={`Pick ${label.toLowerCase()}`}
                  disabled={disabled}
                  value={hex.toLowerCase()}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => {
                    onChange(e.target.value.toUpperCase());
                    clearTimeout(timer.current);
                    onCheck();
                  }}
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    opacity: 0,
                    cursor: disabled ? 'default' : 'pointer',
                    width: '100%',
                    height: '100%',
                  }}
                />
              </Box>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
