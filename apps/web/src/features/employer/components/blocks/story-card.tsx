import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { playableUrl } from '@hirecast/domain/asset';
import type { TStory } from '@hirecast/domain/company-page';
import { BlockFrame } from './block-frame.tsx';
import { CaptionedVideo } from '../../../../components/media/captioned-video.tsx';

// spec 3 §2 card kinds: the employee story card. Its video, the person, their position and quote, and a link to
// the story's public page (built from the company slug and the story slug).
export function StoryCard({
  story,
  publicUrl,
  editable,
  onEdit,
  onDelete,
}: {
  story: TStory;
  publicUrl: string;
  editable: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const name = story._person.name;
  const video = story.video;
  return (
    <BlockFrame
      label={`Story of ${name}`}
      padded={false}
      actions={
        editable && (
          <>
            <Tooltip title="Edit story">
              <IconButton aria-label={`Edit story of ${name}`} size="small" onClick={onEdit}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete story">
              <IconButton aria-label={`Delete story of ${name}`} size="small" onClick={onDelete}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )
      }
    >
      {video ? (
        <CaptionedVideo
          assetId={video._id}
          preload="metadata"
          src={playableUrl(video)}
          poster={
            video.data.customThumbnailUrl || video.data.image640 || video.data.thumbnailUrl || undefined
          }
          label={`Video of ${name}`}
          sx={{
            aspectRatio: video.dimension === 'portrait' ? '9 / 16' : '16 / 9',
            maxHeight: 520,
            bgcolor: '#000',
          }}
        />
      ) : (
        <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
          <Typography color="text.secondary">The video was removed from the library.</Typography>
        </Box>
      )}
      <Box sx={{ p: 2 }}>
        <Typography variant="h5" component="h3">
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {story.title}
        </Typography>
        {story.quoteText && (
          <Typography component="blockquote" sx={{ m: 0, mt: 1.5, fontStyle: 'italic' }}>
            “{story.quoteText}”
          </Typography>
        )}
        <Link
          href={publicUrl}
          target="_blank"
          rel="noopener"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1.5, fontWeight: 600 }}
        >
          Read the story <OpenInNew sx={{ fontSize: 16 }} aria-hidden />
        </Link>
      </Box>
    </BlockFrame>
  );
}
