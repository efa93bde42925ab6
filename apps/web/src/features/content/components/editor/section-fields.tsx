import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { TVideoAsset } from '@hirecast/domain/asset';
import type { TTemplateSection } from '@hirecast/domain/video-template';
import { ClipPicker } from './clip-picker.tsx';
import { clipFromAsset } from './template-form.ts';
import { EDITOR_LIMITS } from './template-validation.ts';

export type TSectionFieldProps = {
  section: TTemplateSection;
  /** Why a clip of this length cannot be used here (spec 3 §5: 60 s in all), or null. */
  clipError: (durationMs: number, sectionId: string) => string | null;
  /** Its position among sections of its kind, for labels ("Video 2"). */
  label: string;
  portrait: boolean;
  errorOf: (field: string) => string | undefined;
  onTouch: (field: string) => void;
  onChange: (patch: Partial<TTemplateSection>) => void;
};

function LimitedField({
  label,
  value,
  max,
  error,
  required,
  multiline,
  onChange,
  onBlur,
}: {
  label: string;
  value: string;
  max: number;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  return (
    <TextField
      label={label}
      value={value}
      size="small"
      fullWidth
      required={required}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      error={Boolean(error)}
      helperText={error ?? `${value.length}/${max}`}
      onChange={(e) => onChange(e.target.value.slice(0, max))}
      onBlur={onBlur}
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );
}

// spec 3 §3 Section types and §5 max lengths: entrance text (company bio 128); video title (caption 90),
// subtitle (sub-heading 60); transition heading (30, required) and text (128); ending text (90, required).
export function SectionFields({
  section,
  label,
  portrait,
  errorOf,
  onTouch,
  onChange,
  clipError,
}: TSectionFieldProps) {
  const [refused, setRefused] = useState<string | null>(null);
  const key = (field: string) => `${section.id}.${field}`;
  const bind = (field: string) => ({
    error: errorOf(key(field)),
    onBlur: () => onTouch(key(field)),
  });
  switch (section.type) {
    case 'entrance':
      return (
        <LimitedField
          label="Company bio"
          value={section.text}
          max={EDITOR_LIMITS.entranceText}
          multiline
          onChange={(text) => onChange({ text })}
          {...bind('text')}
        />
      );
    case 'video':
      return (
        <Stack spacing={1.5}>
          <ClipPicker
            clip={section.video}
            label={label}
            portrait={portrait}
            error={refused ?? errorOf(key('video'))}
            onPick={(asset: TVideoAsset) => {
              const clip = clipFromAsset(asset);
              const problem = clipError(clip.duration, section.id);
              setRefused(problem);
              if (problem) return;
              onTouch(key('video'));
              onChange({ video: clip });
            }}
            onDuration={(duration) => onChange({ video: { ...section.video, duration } })}
          />
          <LimitedField
            label="Caption"
            value={section.title}
            max={EDITOR_LIMITS.videoTitle}
            onChange={(title) => onChange({ title })}
            {...bind('title')}
          />
          <LimitedField
            label="Sub-heading"
            value={section.subtitle}
            max={EDITOR_LIMITS.videoSubtitle}
            onChange={(subtitle) => onChange({ subtitle })}
            {...bind('subtitle')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={section.applySoundtrack}
                onChange={(e) => onChange({ applySoundtrack: e.target.checked })}
              />
            }
            label="Play the soundtrack under this clip"
          />
        </Stack>
      );
    case 'transition':
      return (
        <Stack spacing={1.5}>
          <LimitedField
            label="Transition heading"
            value={section.heading}
            max={EDITOR_LIMITS.transitionHeading}
            required
            onChange={(heading) => onChange({ heading })}
            {...bind('heading')}
          />
          <LimitedField
            label="Transition text"
            value={section.text}
            max={EDITOR_LIMITS.transitionText}
            multiline
            onChange={(text) => onChange({ text })}
            {...bind('text')}
          />
        </Stack>
      );
    case 'ending':
      return (
        <LimitedField
          label="Closing call to action"
          value={section.text}
          max={EDITOR_LIMITS.endingText}
          required
          onChange={(text) => onChange({ text })}
          {...bind('text')}
        />
      );
  }
}
