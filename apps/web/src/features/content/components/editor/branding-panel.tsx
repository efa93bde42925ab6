import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  TEMPLATE_FONTS,
  TEMPLATE_SOUNDTRACKS,
  type TTemplateData,
  type TTemplateFont,
} from '@hirecast/domain/video-template';
import { soundtrackUrl } from './editor-assets.ts';
import { LogoField } from './logo-field.tsx';
import type { TEditorAction } from './template-form.ts';

function ColourInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const hex = /^#[0-9a-f]{6}$/i.test(value) ? value : '#000000';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
      <Box
        component="input"
        type="color"
        value={hex}
        aria-label={`${label} picker`}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        sx={{
          width: 40,
          height: 40,
          p: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          flexShrink: 0,
        }}
      />
      <TextField
        label={label}
        size="small"
        value={value}
        onChange={(e) => onChange(e.target.value.slice(0, 64))}
        fullWidth
      />
    </Stack>
  );
}

/** Plays the chosen soundtrack at the template's volume (spec 3 §2: soundtrack with preview). */
function SoundtrackPreview({ id, volume }: { id: string | null; volume: number }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (audio.current) audio.current.volume = volume;
  }, [volume]);
  if (!id) return null;
  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) {
      el.volume = volume;
      void el.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    } else el.pause();
  };
  return (
    <>
      <audio
        ref={audio}
        src={soundtrackUrl(id)}
        preload="none"
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <Tooltip title={playing ? 'Stop the preview' : 'Listen'}>
        <IconButton
          onClick={toggle}
          aria-label={playing ? 'Stop the soundtrack preview' : 'Listen to the soundtrack'}
          aria-pressed={playing}
        >
          {playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
      </Tooltip>
    </>
  );
}

// spec 3 §2, §3, §5: logo (PNG, JPEG, WEBP up to 2 MB), colours, one of nine fonts, one of eleven soundtracks
// with a preview, and the volume slider from 0 to 1 in steps of 0.01.
export function BrandingPanel({
  data,
  dispatch,
  onUploadingChange,
}: {
  data: TTemplateData;
  dispatch: (action: TEditorAction) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const set = (patch: Partial<Omit<TTemplateData, 'sections'>>) => dispatch({ type: 'data', patch });
  return (
    <Stack component="section" aria-labelledby="branding-title" spacing={2}>
      <Typography id="branding-title" variant="h6" component="h2">
        Branding
      </Typography>
      <LogoField logo={data.logo} onChange={(logo) => set({ logo })} onUploadingChange={onUploadingChange} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <ColourInput
          label="Background colour"
          value={data.backgroundColor}
          onChange={(backgroundColor) => set({ backgroundColor })}
        />
        <ColourInput
          label="Text colour"
          value={data.textColor}
          onChange={(textColor) => set({ textColor })}
        />
      </Stack>
      <FormControl size="small" fullWidth>
        <InputLabel id="font-label">Font</InputLabel>
        <Select
          labelId="font-label"
          label="Font"
          value={data.fontFamily}
          onChange={(e) => set({ fontFamily: e.target.value as TTemplateFont })}
        >
          {TEMPLATE_FONTS.map((font) => (
            <MenuItem key={font} value={font} sx={{ fontFamily: `"${font}", sans-serif` }}>
              {font}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <FormControl size="small" fullWidth>
          <InputLabel id="soundtrack-label">Soundtrack</InputLabel>
          <Select
            labelId="soundtrack-label"
            label="Soundtrack"
            value={data.soundtrack ?? ''}
            onChange={(e) => set({ soundtrack: e.target.value || null })}
          >
            <MenuItem value="">No soundtrack</MenuItem>
            {TEMPLATE_SOUNDTRACKS.map((id, i) => (
              <MenuItem key={id} value={id}>
                Soundtrack {i + 1}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <SoundtrackPreview key={data.soundtrack ?? ''} id={data.soundtrack} volume={data.volume} />
      </Stack>
      <Box>
        <Typography id="volume-label" variant="body2" gutterBottom>
          Soundtrack volume · {Math.round(data.volume * 100)}%
        </Typography>
        <Slider
          aria-labelledby="volume-label"
          min={0}
          max={1}
          step={0.01}
          value={data.volume}
          disabled={!data.soundtrack}
          onChange={(_e, value) => set({ volume: Array.isArray(value) ? (value[0] ?? 0) : value })}
          valueLabelDisplay="auto"
          valueLabelFormat={(v) => v.toFixed(2)}
        />
      </Box>
    </Stack>
  );
}
