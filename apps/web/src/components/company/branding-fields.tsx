import { useId, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_PRIMARY_COLOR } from '@hirecast/domain/constants';
import { ColorField } from './color-field.tsx';
import type { TCompanyFormInput, TCompanyFormOutput } from './company-form-schema.ts';
import { LogoUpload } from './logo-upload.tsx';

type TProps = {
  form: Pick<
    UseFormReturn<TCompanyFormInput, unknown, TCompanyFormOutput>,
    'control' | 'setValue' | 'trigger'
  >;
  onUploadingChange: (uploading: boolean) => void;
  disabled?: boolean;
};

const COLOUR_FIELDS = [
  ['primaryColor', 'Primary colour', DEFAULT_PRIMARY_COLOR],
  ['backgroundColor', 'Background colour', DEFAULT_BACKGROUND_COLOR],
] as const;

// The company's logo, its primary and background colours, and up to 4 colours from the logo to pick from
// (spec 1 §5, spec 2 §5 Company). Shared by the create-company form and the settings Company tab.
export function BrandingFields({ form, onUploadingChange, disabled = false }: TProps) {
  const { control, setValue, trigger } = form;
  const [palette, setPalette] = useState<string[]>([]);
  const primaryColor = useWatch({ control, name: 'primaryColor' });
  const paletteLabel = useId();

  return (
    <>
      <Controller
        control={control}
        name="logo"
        render={({ field }) => (
          <LogoUpload
            value={field.value}
            onChange={field.onChange}
            onUploadingChange={onUploadingChange}
            onPalette={setPalette}
            disabled={disabled}
          />
        )}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
        {COLOUR_FIELDS.map(([name, label, fallback]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <ColorField
                label={label}
                fallback={fallback}
                value={field.value ?? ''}
                error={fieldState.error?.message}
                disabled={disabled}
                inputRef={field.ref}
                // Typing is checked 700 ms later, not on every keystroke (spec 2 §5, §9).
                onChange={(value) => setValue(name, value, { shouldDirty: true })}
                onCheck={() => void trigger(name)}
                onBlur={field.onBlur}
              />
            )}
          />
        ))}
      </Box>
      {palette.length > 0 && !disabled && (
        <Box>
          <Typography variant="body2" color="text.secondary" id={paletteLabel} sx={{ mb: 1 }}>
            Colours from your logo (click one to use it as the primary colour)
          </Typography>
          <Box role="group" aria-labelledby={paletteLabel} sx={{ display: 'flex', gap: 1.5 }}>
            {palette.map((colour) => (
              <ButtonBase
                key={colour}
                aria-label={`Use ${colour} as primary colour`}
                aria-pressed={primaryColor?.toUpperCase() === colour}
                onClick={() => setValue('primaryColor', colour, { shouldDirty: true, shouldValidate: true })}
                sx={{
                  width: 36,
                  height: 36,
                  borderRadius: 1,
                  bgcolor: colour,
                  border: 2,
                  borderColor: primaryColor?.toUpperCase() === colour ? 'text.primary' : 'divider',
                }}
              />
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}
