import { lazy, Suspense, useState } from 'react';
import dayjs from 'dayjs';
import CropIcon from '@mui/icons-material/Crop';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { assetMessages, type TImageAsset } from '@hirecast/domain/asset';
import { saveUrl } from '../api/download-asset.ts';
import { AssetCard } from './asset-card.tsx';
import { AssetMenu, type TAssetMenuAction } from './asset-menu.tsx';
import { DeleteAssetDialog } from './delete-asset-dialog.tsx';
import { RenameDialog } from './rename-dialog.tsx';
import { useAssetPermissions } from './use-asset-permissions.ts';
import { ViewImageDialog } from './view-dialogs.tsx';

// react-easy-crop loads when the crop dialog first opens.
const CropImageDialog = lazy(() =>
  import('./crop-image-dialog.tsx').then((m) => ({ default: m.CropImageDialog })),
);

type TDialog = null | 'view' | 'rename' | 'crop' | 'delete';

// spec 3 §2 Image library: image cards always open.
export function ImageCard({ asset }: { asset: TImageAsset }) {
  const [dialog, setDialog] = useState<TDialog>(null);
  const permissions = useAssetPermissions();
  const canChange = permissions.canChange(asset._owner);
  const notOwner = canChange ? undefined : assetMessages.notOwner;
  const open = (next: TDialog) => () => setDialog(next);
  const size = asset.width && asset.height ? ` · ${asset.width}×${asset.height}` : '';
  const actions: TAssetMenuAction[] = [
    { key: 'view', label: 'View', icon: <VisibilityOutlinedIcon fontSize="small" />, onSelect: open('view') },
    {
      key: 'rename',
      label: 'Rename',
      icon: <DriveFileRenameOutlineIcon fontSize="small" />,
      onSelect: open('rename'),
      disabled: !canChange,
      hint: notOwner,
    },
    {
      key: 'crop',
      label: 'Crop',
      icon: <CropIcon fontSize="small" />,
      onSelect: open('crop'),
      disabled: !canChange,
      hint: notOwner,
    },
    {
      key: 'download',
      label: 'Download',
      icon: <FileDownloadOutlinedIcon fontSize="small" />,
      onSelect: () => saveUrl(asset.url, asset.fileName),
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
        image={asset.data.image640.url || asset.url}
        openLabel={`View ${asset.title}`}
        onOpen={open('view')}
        meta={`${dayjs(asset.updatedAt).format('D MMM YYYY')}${size}`}
        menu={<AssetMenu title={asset.title} actions={actions} />}
      />
      {dialog === 'view' && <ViewImageDialog asset={asset} onClose={() => setDialog(null)} />}
      {dialog === 'rename' && <RenameDialog asset={asset} kind="image" onClose={() => setDialog(null)} />}
      {dialog === 'crop' && (
        <Suspense fallback={null}>
          <CropImageDialog asset={asset} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {dialog === 'delete' && (
        <DeleteAssetDialog asset={asset} kind="image" onClose={() => setDialog(null)} />
      )}
    </>
  );
}
