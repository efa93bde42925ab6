import { canOpenVideoAsset, videoAssetStatusLabel, type TVideoAssetStatus } from '@hirecast/domain/asset';

export type TStatusDisplay = {
  label: string;
  color: 'default' | 'success' | 'info' | 'error';
  busy: boolean;
  clickable: boolean;
};

// spec 3 §4 Video asset status: new shows as prepared; in progress shows 'processing' with a spinner; the
// card opens the viewer only when prepared, posted or new.
export function videoStatusDisplay(status: TVideoAssetStatus): TStatusDisplay {
  const clickable = canOpenVideoAsset(status);
  if (status === 'in progress') return { label: 'processing', color: 'info', busy: true, clickable };
  if (status === 'error') return { label: 'error', color: 'error', busy: false, clickable };
  const label = videoAssetStatusLabel(status);
  return {
    label,
    color: label === 'prepared' || label === 'ready' ? 'success' : 'default',
    busy: false,
    clickable,
  };
}
