import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Search from '@mui/icons-material/Search';
import UploadIcon from '@mui/icons-material/Upload';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import {
  ASSET_LIMITS,
  canOpenVideoAsset,
  videoAssetStatusLabel,
  videoProcessingPercent,
  type TImageAsset,
  type TVideoAsset,
} from '@hirecast/domain/asset';
import { useCompanyAssets } from './api/get-company-assets.ts';
import { getTemplateVideoAsset, useRenderedTemplates } from './api/get-rendered-templates.ts';
import { useImageAssets } from './api/get-image-assets.ts';
import { AssetTile } from './asset-tile.tsx';
import { RecordVideoDialog } from './record-video-dialog.tsx';
import { UploadVideoDialog } from './upload-video-dialog.tsx';

export type TMediaKind = 'image' | 'video';
export type TChosenMedia = { kind: 'image'; asset: TImageAsset } | { kind: 'video'; asset: TVideoAsset };
type TTab = 'images' | 'recorded' | 'animated';

type TProps = {
  open: boolean;
  onClose: () => void;
  onChoose: (chosen: TChosenMedia) => void;
  kinds: readonly TMediaKind[];
  /** The Animated videos tab; off where a rendered template makes no sense (a clip inside a template). */
  animated?: boolean;
};

// spec 1 §2: 'Choose a content/image/video'.
export const chooserTitle = (kinds: readonly TMediaKind[]) =>
  kinds.includes('image') && kinds.includes('video')
    ? 'Choose a content'
    : kinds.includes('image')
      ? 'Choose an image'
      : 'Choose a video';

/** spec 3 §4: the chooser offers only videos that play (status prepared, posted, new or ready). */
export const isChoosableVideo = (asset: TVideoAsset) =>
  canOpenVideoAsset(asset.status) || asset.status === 'ready';

// spec 3 §2 Dialogs: the media chooser with tabs Images, Recorded videos, Animated videos, used from job forms.
export function MediaChooserDialog({ open, onClose, onChoose, kinds, animated = true }: TProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const tabs: TTab[] = [
    ...(kinds.includes('image') ? (['images'] as const) : []),
    ...(kinds.includes('video') ? (['recorded'] as const) : []),
    ...(kinds.includes('video') && animated ? (['animated'] as const) : []),
  ];
  const [tab, setTab] = useState<TTab>(tabs.includes('recorded') ? 'recorded' : 'images');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen}>
      <DialogTitle sx={{ pr: 6 }}>{chooserTitle(kinds)}</DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <Box sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_, v: TTab) => setTab(v)} variant="scrollable" allowScrollButtonsMobile>
          {tabs.includes('images') && <Tab value="images" label="Images" />}
          {tabs.includes('recorded') && <Tab value="recorded" label="Recorded videos" />}
          {tabs.includes('animated') && <Tab value="animated" label="Animated videos" />}
        </Tabs>
      </Box>
      <DialogContent sx={{ minHeight: 420 }}>
        {open && tab === 'images' && <ImagesPanel onChoose={(asset) => onChoose({ kind: 'image', asset })} />}
        {open && tab === 'recorded' && (
          <VideosPanel onChoose={(asset) => onChoose({ kind: 'video', asset })} />
        )}
        {open && tab === 'animated' && (
          <AnimatedPanel onChoose={(asset) => onChoose({ kind: 'video', asset })} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

// spec 3 §9: page size 12, search debounce 300 ms.
function usePagedSearch() {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 300);
  return {
    query: { page, search: debounced },
    search,
    setSearch: (s: string) => {
      setSearch(s);
      setPage(0);
    },
    setPage,
  };
}

function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <TextField
      size="small"
      placeholder="Search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': 'Search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: '100%', sm: 280 } }}
    />
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {children}
    </Box>
  );
}

function GridStates({
  isPending,
  isError,
  empty,
  searching,
}: {
  isPending: boolean;
  isError: boolean;
  empty: boolean;
  searching: boolean;
}) {
  if (isPending)
    return (
      <Grid>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '16 / 11', height: 'auto' }} />
        ))}
      </Grid>
    );
  if (isError) return <Alert severity="error">We could not load your library. Please try again.</Alert>;
  if (empty)
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>No data to display</Typography>
        <Typography color="text.secondary">
          {searching ? 'Try searching for something different.' : 'Nothing here yet.'}
        </Typography>
      </Box>
    );
  return null;
}

function Pager({ count, page, onPage }: { count: number; page: number; onPage: (p: number) => void }) {
  const pages = Math.ceil(count / ASSET_LIMITS.pageSize);
  if (pages <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
      <Pagination count={pages} page={page + 1} onChange={(_, p) => onPage(p - 1)} />
    </Box>
  );
}

function VideosPanel({ onChoose }: { onChoose: (asset: TVideoAsset) => void }) {
  const paged = usePagedSearch();
  const list = useCompanyAssets(paged.query);
  const queryClient = useQueryClient();
  const [recordOpen, setRecordOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['assets', 'videos'] });
  const assets = list.data?.assets ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <SearchBox value={paged.search} onChange={paged.setSearch} />
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<FiberManualRecord />} onClick={() => setRecordOpen(true)}>
            Record new
          </Button>
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setUploadOpen(true)}>
            Upload
          </Button>
        </Stack>
      </Stack>
      <GridStates
        isPending={list.isPending}
        isError={list.isError}
        empty={list.isSuccess && assets.length === 0}
        searching={paged.query.search !== ''}
      />
      {assets.length > 0 && (
        <Grid>
          {assets.map((asset) => {
            const playable = isChoosableVideo(asset);
            return (
              <AssetTile
                key={asset._id}
                title={asset.title}
                image={asset.data.customThumbnailUrl ?? asset.data.image640 ?? asset.data.thumbnailUrl}
                label={playable ? undefined : videoAssetStatusLabel(asset.status)}
                processing={videoProcessingPercent(asset)}
                disabled={!playable}
                onClick={() => onChoose(asset)}
              />
            );
          })}
        </Grid>
      )}
      <Pager count={list.data?.count ?? 0} page={paged.query.page} onPage={paged.setPage} />
      <RecordVideoDialog
        open={recordOpen}
        onClose={() => {
          setRecordOpen(false);
          refresh();
        }}
        onSaved={() => {
          setRecordOpen(false);
          refresh();
        }}
      />
      <UploadVideoDialog open={uploadOpen} onClose={() => setUploadOpen(false)} onSaved={refresh} />
    </Stack>
  );
}

function ImagesPanel({ onChoose }: { onChoose: (asset: TImageAsset) => void }) {
  const paged = usePagedSearch();
  const list = useImageAssets(paged.query);
  const assets = list.data?.assets ?? [];
  return (
    <Stack spacing={2}>
      <SearchBox value={paged.search} onChange={paged.setSearch} />
      <GridStates
        isPending={list.isPending}
        isError={list.isError}
        empty={list.isSuccess && assets.length === 0}
        searching={paged.query.search !== ''}
      />
      {assets.length > 0 && (
        <Grid>
          {assets.map((asset) => (
            <AssetTile
              key={asset._id}
              title={asset.title}
              image={asset.data.image640.url || asset.url}
              onClick={() => onChoose(asset)}
            />
          ))}
        </Grid>
      )}
      <Pager count={list.data?.count ?? 0} page={paged.query.page} onPage={paged.setPage} />
    </Stack>
  );
}

// spec 1: the Animated videos tab lists the rendered animated videos; choosing one puts its rendered video (a
// video asset of the library) on the job.
function AnimatedPanel({ onChoose }: { onChoose: (asset: TVideoAsset) => void }) {
  const [page, setPage] = useState(0);
  const list = useRenderedTemplates(page);
  const [picking, setPicking] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const videos = (list.data?.videos ?? []).filter((t) => t._file);
  const choose = async (template: TVideoTemplate) => {
    setPicking(template._id);
    setFailed(false);
    try {
      onChoose(await getTemplateVideoAsset(template));
    } catch {
      setFailed(true);
    } finally {
      setPicking(null);
    }
  };
  return (
    <Stack spacing={2}>
      {failed && <Alert severity="error">We could not add this video. Please try again.</Alert>}
      <GridStates
        isPending={list.isPending}
        isError={list.isError}
        empty={list.isSuccess && videos.length === 0}
        searching={false}
      />
      {videos.length > 0 && (
        <Grid>
          {videos.map((template) => (
            <AssetTile
              key={template._id}
              title={template.title}
              image={template.thumbnail ?? template.cover}
              disabled={picking !== null}
              onClick={() => void choose(template)}
            />
          ))}
        </Grid>
      )}
      <Pager count={list.data?.videosCount ?? 0} page={page} onPage={setPage} />
    </Stack>
  );
}
