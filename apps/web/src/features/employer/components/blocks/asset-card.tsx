import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { playableUrl, type TImageAsset, type TVideoAsset } from '@hirecast/domain/asset';
import { BlockFrame, RemoveBlockButton } from './block-frame.tsx';
import { CaptionedVideo } from '../../../../components/media/captioned-video.tsx';

export type TAssetCardDoc = { kind: 'image'; asset: TImageAsset } | { kind: 'video'; asset: TVideoAsset };

const posterOf = (asset: TVideoAsset) =>
  asset.data.customThumbnailUrl || asset.data.image640 || asset.data.thumbnailUrl || undefined;

// spec 3 §2 card kinds: an image or video from the library, or a promo asset (the same, shown large and marked).
export function AssetCard({
  doc,
  isPromo,
  editable,
  onDelete,
}: {
  doc: TAssetCardDoc | null;
  isPromo: boolean;
  editable: boolean;
  onDelete?: () => void;
}) {
  const title = doc?.asset.title ?? 'Removed from the library';
  const label = `${isPromo ? 'Promo ' : ''}${doc?.kind === 'image' ? 'image' : 'video'} ${title}`;
  return (
    <BlockFrame
      label={label}
      padded={false}
      actions={editable && onDelete && <RemoveBlockButton label={label} onClick={onDelete} />}
    >
      {isPromo && (
        <Chip
          label="Promo"
          size="small"
          color="primary"
          sx={{ position: 'absolute', top: 12, left: 12, zIndex: 1, fontWeight: 600 }}
        />
      )}
      {doc?.kind === 'image' && (
        <Box
          component="img"
          src={doc.asset.url}
          alt={doc.asset.title}
          sx={{
            display: 'block',
            width: '100%',
            aspectRatio: isPromo ? '16 / 7' : '16 / 9',
            objectFit: 'cover',
          }}
        />
      )}
      {doc?.kind === 'video' && (
        <CaptionedVideo
          assetId={doc.asset._id}
          preload="metadata"
          src={playableUrl(doc.asset)}
          poster={posterOf(doc.asset)}
          label={doc.asset.title}
          sx={{ aspectRatio: '16 / 9', bgcolor: '#000' }}
        />
      )}
      {!doc && (
        <Box
          sx={{ p: 3, aspectRatio: '16 / 9', display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}
        >
          <Typography color="text.secondary">This item was removed from the library.</Typography>
        </Box>
      )}
    </BlockFrame>
  );
}
