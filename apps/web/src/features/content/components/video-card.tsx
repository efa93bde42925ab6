import { lazy, Suspense, useState } from 'react';
import dayjs from 'dayjs';
import { toast } from 'react-toastify';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import AutoStoriesOutlinedIcon from '@mui/icons-material/AutoStoriesOutlined';
import BarChartIcon from '@mui/icons-material/BarChart';
import ClosedCaptionOutlinedIcon from '@mui/icons-material/ClosedCaptionOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import { assetMessages, videoProcessingPercent, type TVideoAsset } from '@hirecast/domain/asset';
import { ProcessingBand } from '../../../components/processing-band.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateAsset } from '../api/update-asset.ts';
import { AssetCard } from './asset-card.tsx';
import { AssetMenu, type TAssetMenuAction } from './asset-menu.tsx';
import { CaptionEditorDialog } from './caption-editor-dialog.tsx';
import { CaptionStateChip } from './caption-state.tsx';
import { videoStatusDisplay } from './asset-status.ts';
import { DeleteAssetDialog } from './delete-asset-dialog.tsx';
import { DownloadDialog } from './download-dialog.tsx';
import { DurationBadge } from './duration-badge.tsx';
import { formatDuration } from './library-params.ts';
import { RenameDialog } from './rename-dialog.tsx';
import { TagsDialog } from './tags-dialog.tsx';
import { ThumbnailDialog } from './thumbnail-dialog.tsx';
import { useAssetPermissions } from './use-asset-permissions.ts';
import { ViewVideoDialog } from './view-dialogs.tsx';

// recharts is large: the chart loads when the analytics dialog first opens.
const AnalyticsDialog = lazy(() =>
  import('./analytics-dialog.tsx').then((m) => ({ default: m.AnalyticsDialog })),
);

type TDialog =
  null | 'view' | 'captions' | 'rename' | 'thumbnail' | 'tags' | 'download' | 'analytics' | 'delete';

export const videoCardImage = (asset: TVideoAsset) =>
  asset.data.customThumbnailUrl || asset.data.image640 || asset.data.thumbnailUrl || null;

function StatusChip({ asset }: { asset: TVideoAsset }) {
  const status = videoStatusDisplay(asset.status);
  const chip = (
    <Chip
      size="small"
      label={status.label}
      color={status.color}
      // The error reason is a tooltip: focusable, so the keyboard reaches it too.
      tabIndex={asset.status === 'error' && asset.statusReason ? 0 : undefined}
      icon={status.busy ? <CircularProgress size={12} color="inherit" aria-hidden="true" /> : undefined}
      sx={{
        position: 'absolute',
        top: 8,
        left: 8,
        fontWeight: 600,
        textTransform: 'capitalize',
        ...(status.color === 'default' ? { bgcolor: 'background.paper' } : {}),
      }}
    />
  );
  return asset.status === 'error' && asset.statusReason ? (
    <Tooltip title={asset.statusReason}>{chip}</Tooltip>
  ) : (
    chip
  );
}

// spec 3 §2 Video library card: thumbnail, title, D MMM YYYY date, duration, status and the options menu.
export function VideoCard({ asset }: { asset: TVideoAsset }) {
  const [dialog, setDialog] = useState<TDialog>(null);
  const permissions = useAssetPermissions();
  const update = useUpdateAsset();
  const status = videoStatusDisplay(asset.status);
  const canChange = permissions.canChange(asset._owner);
  const notOwner = canChange ? undefined : assetMessages.notOwner;
  const duration = formatDuration(asset.duration);
  const processing = videoProcessingPercent(asset);
  const open = (next: TDialog) => () => setDialog(next);

  const toggleStory = () =>
    update.mutate(
      { id: asset._id, body: { isStory: !asset.isStory } },
      {
        onSuccess: () => toast.success(asset.isStory ? 'Removed from stories' : 'Published as a story'),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  const actions: TAssetMenuAction[] = [
    {
      key: 'view',
      label: 'View',
      icon: <PlayCircleOutlineIcon fontSize="small" />,
      onSelect: open('view'),
      disabled: !status.clickable,
      hint: 'The video can be viewed once it is ready',
    },
    {
      key: 'captions',
      label: 'Captions',
      icon: <ClosedCaptionOutlinedIcon fontSize="small" />,
      onSelect: open('captions'),
      disabled: !status.clickable,
      hint: 'The captions can be edited once the video is ready',
    },
    {
      key: 'rename',
      label: 'Rename',
      icon: <DriveFileRenameOutlineIcon fontSize="small" />,
      onSelect: open('rename'),
      disabled: !canChange,
      hint: notOwner,
    },
    {
      key: 'thumbnail',
      label: 'Thumbnail',
      icon: <PhotoLibraryOutlinedIcon fontSize="small" />,
      onSelect: open('thumbnail'),
      disabled: !canChange,
      hint: notOwner,
    },
    {
      key: 'tags',
      label: 'Tags',
      icon: <LocalOfferOutlinedIcon fontSize="small" />,
      onSelect: open('tags'),
      disabled: !canChange,
      hint: notOwner,
    },
    {
      key: 'story',
      label: 'Publish as story',
      icon: <AutoStoriesOutlinedIcon fontSize="small" />,
      onSelect: toggleStory,
      checked: asset.isStory,
      disabled: !permissions.canPublishStory || !canChange || update.isPending,
      hint: permissions.canPublishStory ? notOwner : assetMessages.viewerStory,
    },
    {
      key: 'download',
      label: 'Download',
      icon: <FileDownloadOutlinedIcon fontSize="small" />,
      onSelect: open('download'),
    },
    {
      key: 'analytics',
      label: 'Analytics',
      icon: <BarChartIcon fontSize="small" />,
      onSelect: open('analytics'),
    },
    {
      key: 'delete',
      label: 'Delete',
      icon: <DeleteOutlineIcon fontSize="small" />,
      onSelect: open('delete'),
      disabled: !canChange,
      hint: notOwner,
      danger: true,
    },
  ];

  return (
    <>
      <AssetCard
        title={asset.title}
        image={videoCardImage(asset)}
        portrait={asset.dimension === 'portrait'}
        openLabel={`Play ${asset.title}`}
        onOpen={status.clickable ? open('view') : undefined}
        overlays={
          <>
            {/* Queued or being processed: the band says it; a 'prepared' chip (spec: new shows as prepared)
                over 'Processing 10%' would say the opposite. */}
            {(processing === null || asset.status === 'prepared') && <StatusChip asset={asset} />}
            {processing !== null && <ProcessingBand title={asset.title} percent={processing} />}
            {duration && processing === null && <DurationBadge duration={duration} />}
          </>
        }
        meta={
          <>
            {dayjs(asset.updatedAt).format('D MMM YYYY')}
            {asset.captionState && (
              <CaptionStateChip state={asset.captionState} sx={{ ml: 1, height: 20, fontSize: 11 }} />
            )}
          </>
        }
        menu={<AssetMenu title={asset.title} actions={actions} />}
      />
      {dialog === 'view' && <ViewVideoDialog asset={asset} onClose={() => setDialog(null)} />}
      {dialog === 'captions' && (
        <CaptionEditorDialog
          asset={asset}
          readOnly={!permissions.canEditCaptions}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'rename' && <RenameDialog asset={asset} kind="video" onClose={() => setDialog(null)} />}
      {dialog === 'thumbnail' && <ThumbnailDialog asset={asset} onClose={() => setDialog(null)} />}
      {dialog === 'tags' && <TagsDialog asset={asset} onClose={() => setDialog(null)} />}
      {dialog === 'download' && <DownloadDialog asset={asset} onClose={() => setDialog(null)} />}
      {dialog === 'analytics' && (
        <Suspense fallback={null}>
          <AnalyticsDialog asset={asset} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {dialog === 'delete' && (
        <DeleteAssetDialog asset={asset} kind="video" onClose={() => setDialog(null)} />
      )}
    </>
  );
}
