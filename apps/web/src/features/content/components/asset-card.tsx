import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';

// One card of the library grid: a 16:9 picture (the button that opens the viewer when `onOpen` is given),
// overlays on the picture, the title, a meta line and the options menu.
export function AssetCard(props: {
  title: string;
  image: string | null;
  /** Portrait videos are shown whole on a dark band rather than cropped to 16:9. */
  portrait?: boolean;
  meta: ReactNode;
  overlays?: ReactNode;
  menu: ReactNode;
  onOpen?: () => void;
  openLabel: string;
  /** Shown instead of the empty-picture icon when there is no image. */
  placeholder?: ReactNode;
}) {
  const picture = (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        bgcolor: 'grey.200',
        width: '100%',
        display: 'block',
      }}
    >
      {props.image ? (
        <Box
          component="img"
          src={props.image}
          alt=""
          loading="lazy"
          sx={{
            width: '100%',
            height: '100%',
            objectFit: props.portrait ? 'contain' : 'cover',
            display: 'block',
          }}
        />
      ) : props.placeholder ? (
        props.placeholder
      ) : (
        <Stack
          sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', color: 'text.disabled' }}
        >
          <ImageOutlinedIcon fontSize="large" />
        </Stack>
      )}
      {props.overlays}
    </Box>
  );
  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={props.title}
      sx={{ borderRadius: 2, display: 'flex', flexDirection: 'column' }}
    >
      {props.onOpen ? (
        <ButtonBase
          onClick={props.onOpen}
          aria-label={props.openLabel}
          sx={{
            display: 'block',
            '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: -3 },
          }}
        >
          {picture}
        </ButtonBase>
      ) : (
        picture
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', px: 1.5, py: 1 }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h2" variant="subtitle1" noWrap title={props.title} sx={{ fontWeight: 600 }}>
            {props.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="div" noWrap>
            {props.meta}
          </Typography>
        </Box>
        {props.menu}
      </Stack>
    </Card>
  );
}
