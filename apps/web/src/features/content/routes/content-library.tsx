import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import AddIcon from '@mui/icons-material/Add';
import { ASSET_LIMITS } from '@hirecast/domain/asset';
import { useImageAssets } from '../api/get-image-assets.ts';
import { useVideoAssets } from '../api/get-video-assets.ts';
import { AddVideoButton } from '../components/add-video-button.tsx';
import { AssetGrid, AssetGridSkeleton } from '../components/asset-grid.tsx';
import { ImageCard } from '../components/image-card.tsx';
import { LibraryHeader } from '../components/library-header.tsx';
import {
  readLibraryParams,
  SEARCH_DEBOUNCE_MS,
  writeLibraryParams,
  type TLibraryParams,
} from '../components/library-params.ts';
import { AnimatedTab } from '../components/animated-tab.tsx';
import {
  AnimateButton,
  ImagesEmpty,
  LoadError,
  NoResults,
  VideosEmpty,
} from '../components/library-states.tsx';
import { FormatChooserDialog } from '../components/template-dialogs.tsx';
import { UploadImageDialog } from '../components/upload-image-dialog.tsx';
import { VideoCard } from '../components/video-card.tsx';
import { usePageInRange, type TOnPage } from '../components/use-page-in-range.ts';

function Pages({ count, page, onPage }: { count: number; page: number; onPage: TOnPage }) {
  // spec 3 §2: pagination when there are more than 12.
  if (count <= ASSET_LIMITS.pageSize) return null;
  return (
    <Box component="nav" aria-label="Pages" sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
      <Pagination
        count={Math.ceil(count / ASSET_LIMITS.pageSize)}
        page={page + 1}
        onChange={(_e, value) => onPage(value - 1)}
        color="primary"
        siblingCount={0}
      />
    </Box>
  );
}

function VideosTab({
  page,
  search,
  onPage,
  onClear,
}: {
  page: number;
  search: string;
  onPage: TOnPage;
  onClear: () => void;
}) {
  const query = useVideoAssets({ page, search });
  const moving = usePageInRange(query, (d) => ({ count: d.count, shown: d.assets.length }), { page, onPage });
  if (query.isPending || moving) return <AssetGridSkeleton label="Loading videos" />;
  if (query.isError)
    return <LoadError what="videos" error={query.error} onRetry={() => void query.refetch()} />;
  const { assets, count } = query.data;
  if (assets.length === 0)
    return search.trim() ? <NoResults onClear={onClear} /> : <VideosEmpty add={<AddVideoButton />} />;
  return (
    <>
      <AssetGrid label="Videos">
        {assets.map((asset) => (
          <VideoCard key={asset._id} asset={asset} />
        ))}
      </AssetGrid>
      <Pages count={count} page={page} onPage={onPage} />
    </>
  );
}

function ImagesTab({
  page,
  search,
  onPage,
  onClear,
  onAdd,
}: {
  page: number;
  search: string;
  onPage: TOnPage;
  onClear: () => void;
  onAdd: () => void;
}) {
  const query = useImageAssets({ page, search });
  const moving = usePageInRange(query, (d) => ({ count: d.count, shown: d.assets.length }), { page, onPage });
  if (query.isPending || moving) return <AssetGridSkeleton label="Loading images" />;
  if (query.isError)
    return <LoadError what="images" error={query.error} onRetry={() => void query.refetch()} />;
  const { assets, count } = query.data;
  if (assets.length === 0)
    return search.trim() ? (
      <NoResults onClear={onClear} />
    ) : (
      <ImagesEmpty
        add={
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            Add
          </Button>
        }
      />
    );
  return (
    <>
      <AssetGrid label="Images">
        {assets.map((asset) => (
          <ImageCard key={asset._id} asset={asset} />
        ))}
      </AssetGrid>
      <Pages count={count} page={page} onPage={onPage} />
    </>
  );
}

// spec 3 §2 /content: the library. Tab, page and search live in the URL, so a reload or a link keeps them.
export function Component() {
  const [params, setParams] = useSearchParams();
  const { tab, page, search } = readLibraryParams(params);
  const [draft, setDraft] = useState(search);
  const [addingImage, setAddingImage] = useState(false);
  const [choosingFormat, setChoosingFormat] = useState(false);

  const change = (next: Partial<TLibraryParams>) =>
    setParams((prev) => writeLibraryParams(prev, next), { replace: next.search !== undefined });
  // Stable, so a tab's effect that moves a page past the last one runs once.
  const onPage: TOnPage = useCallback(
    (p, opts = {}) =>
      setParams((prev) => writeLibraryParams(prev, { page: p }), { replace: opts.replace ?? false }),
    [setParams],
  );

  // spec 3 §9: the search waits 300 ms after the last key.
  useEffect(() => {
    if (draft === search) return;
    const timer = setTimeout(
      () => setParams((prev) => writeLibraryParams(prev, { search: draft }), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, search, setParams]);

  const onTab = (next: typeof tab) => {
    setDraft('');
    change({ tab: next });
  };
  const clear = () => {
    setDraft('');
    change({ search: '' });
  };

  const addImage = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAddingImage(true)}>
      Add
    </Button>
  );
  const action =
    tab === 'images' ? (
      addImage
    ) : tab === 'recorded' ? (
      <AddVideoButton />
    ) : (
      <AnimateButton onClick={() => setChoosingFormat(true)} />
    );

  return (
    <>
      <title>Content · Hirecast</title>
      <LibraryHeader
        tab={tab}
        onTab={onTab}
        search={draft}
        onSearch={setDraft}
        showSearch={tab !== 'animated'}
        action={action}
      />
      <Box id="library-panel" role="tabpanel" aria-labelledby={`library-tab-${tab}`}>
        {tab === 'recorded' && <VideosTab page={page} search={search} onPage={onPage} onClear={clear} />}
        {tab === 'images' && (
          <ImagesTab
            page={page}
            search={search}
            onPage={onPage}
            onClear={clear}
            onAdd={() => setAddingImage(true)}
          />
        )}
        {tab === 'animated' && (
          <AnimatedTab page={page} onPage={onPage} onAnimate={() => setChoosingFormat(true)} />
        )}
      </Box>
      {addingImage && <UploadImageDialog onClose={() => setAddingImage(false)} />}
      {choosingFormat && <FormatChooserDialog onClose={() => setChoosingFormat(false)} />}
    </>
  );
}
