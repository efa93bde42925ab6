import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import PlayCircle from '@mui/icons-material/PlayCircleOutlined';
import { ProcessingBand } from '../processing-band.tsx';

/** One card of a chooser grid: a 16:9 picture and the title; disabled cards show why in their label, and a
 * video the pipeline still works on shows how far it is. */
export function AssetTile({
  title,
  image,
  label,
  disabled,
  onClick,
  placeholder,
  processing,
}: {
  title: string;
  image: string | null | undefined;
  label?: string;
  disabled?: boolean;
  onClick: () => void;
  placeholder?: ReactNode;
  /** How far the pipeline is with this video, in percent, while it works on it. */
  processing?: number | null;
}) {
  return (
    <ButtonBase
      onClick={onClick}
      disabled={disabled}
      aria-label={label ? `${title} (${label})` : title}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        opacity: disabled ? 0.6 : 1,
        '&:hover': { borderColor: 'primary.main' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '16 / 9',
          bgcolor: 'grey.200',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {image ? (
          <Box
            component="img"
            src={image}
            alt=""
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          (placeholder ?? <PlayCircle sx={{ color: 'text.disabled', fontSize: 40 }} />)
        )}
        {processing != null && <ProcessingBand title={title} percent={processing} />}
        {label && (
          <Chip
            size="small"
            label={label}
            sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'rgba(255,255,255,0.9)' }}
          />
        )}
      </Box>
      <Typography variant="body2" noWrap sx={{ px: 1.25, py: 1, fontWeight: 500 }}>
        {title}
      </Typography>
    </ButtonBase>
  );
}
