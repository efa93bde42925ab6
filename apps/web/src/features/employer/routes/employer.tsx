import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import CodeIcon from '@mui/icons-material/Code';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import SwapVert from '@mui/icons-material/SwapVert';
import type { TCompanyPage } from '@hirecast/domain/company-page';
import {
  buildEmbedSnippet,
  COMPANY_PAGE_LIMITS,
  COMPANY_PAGE_TABS,
  tabOfQuery,
  type TCompanyPageTabQuery,
} from '@hirecast/domain/company-page-rules';
import { ROLES } from '@hirecast/domain/constants';
import { WIDE_MEDIA } from '../../../components/layout/layout-constants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/me.ts';
import { useCompanyPage } from '../api/get-company-page.ts';
import { useUpdateCompanyPage } from '../api/update-company-page.ts';
import { BannerArea } from '../components/banner-area.tsx';
import { blockLabel } from '../components/block-label.ts';
import { BlockSummary } from '../components/block-summary.tsx';
import { CompanyColours } from '../components/company-colours.tsx';
import { CompanyIdentity } from '../components/company-identity.tsx';
import { EmbedDialog } from '../components/embed-dialog.tsx';
import { EmployerForbidden } from '../components/employer-forbidden.tsx';
import { JobsList } from '../components/jobs-list.tsx';
import { SortableBlocks } from '../components/sortable-blocks.tsx';
import { TabContent } from '../components/tab-content.tsx';
import { ownBlocks, useReorderMode } from '../components/use-reorder-mode.ts';

const CONTENT_WIDTH = COMPANY_PAGE_LIMITS.layoutWidths[0];

// /employer (spec 3 §2 Employer career page): admins only (spec 3 §6); anyone else gets the 403 page.
export function Component() {
  const { data: me } = useMe();
  if (!me) return null;
  if (me.role !== ROLES.admin || !me._company) return <EmployerForbidden />;
  return <EmployerCareerPage companyId={me._company} />;
}

function PageSkeleton() {
  return (
    <Stack spacing={2} aria-label="Loading the career page" role="progressbar">
      <Skeleton variant="rounded" sx={{ aspectRatio: '1440 / 260', height: 'auto', minHeight: 120 }} />
      <Skeleton variant="text" width={280} height={48} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}

function EmployerCareerPage({ companyId }: { companyId: string }) {
  const query = useCompanyPage(companyId);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(query.error)}
      </Alert>
    );
  return <CareerPageEditor page={query.data} />;
}

function CareerPageEditor({ page }: { page: TCompanyPage }) {
  const [params, setParams] = useSearchParams();
  const tab = tabOfQuery(params.get('tab'));
  const wide = useMediaQuery(WIDE_MEDIA);
  const mode = useReorderMode(page, tab.pageType);
  const [embedOpen, setEmbedOpen] = useState(false);
  const updatePage = useUpdateCompanyPage();
  const blocks = ownBlocks(page, tab.pageType);
  // spec 3 §2: Reorder/Save is desktop only and not on the Jobs tab.
  const canReorder = wide && tab.pageType !== 'JOBS' && blocks.length > 1;
  const reordering = mode.reordering;
  const finishReorder = mode.finish;

  const selectTab = (query: TCompanyPageTabQuery) => {
    finishReorder();
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', query);
        return next;
      },
      { replace: true },
    );
  };

  const setBanner = (bannerImage: string | null) =>
    updatePage.mutate(
      { pageId: page._id, body: { bannerImage } },
      { onError: (err) => toast.error(errorMessage(err)) },
    );

  const shownIds = mode.ids ?? blocks.map((block) => block._id);
  const byId = new Map(blocks.map((block) => [block._id, block]));
  return (
    <CompanyColours primaryColor={page.company.primaryColor}>
      <title>{`Career page · ${page.company.name} · Hirecast`}</title>
      <Box
        data-testid="career-page"
        sx={{
          bgcolor: page.company.backgroundColor,
          borderRadius: { xs: 2, sm: 4 },
          p: { xs: 1.5, sm: 3 },
          border: 1,
          borderColor: 'divider',
        }}
      >
        <BannerArea
          url={page.bannerImage}
          editable={!reordering}
          busy={updatePage.isPending}
          onChoose={setBanner}
          onDelete={() => setBanner(null)}
        />
        <Box sx={{ maxWidth: CONTENT_WIDTH, mx: 'auto' }}>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-end' }, mt: 2 }}
          >
            <CompanyIdentity company={page.company} />
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0, justifyContent: 'flex-end' }}>
              <Button variant="outlined" startIcon={<CodeIcon />} onClick={() => setEmbedOpen(true)}>
                Copy embed code
              </Button>
              {canReorder &&
                (reordering ? (
                  <Button variant="contained" startIcon={<SaveOutlined />} onClick={finishReorder}>
                    Save
                  </Button>
                ) : (
                  <Button variant="outlined" startIcon={<SwapVert />} onClick={mode.start}>
                    Reorder
                  </Button>
                ))}
            </Stack>
          </Stack>
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: 3, mb: 3 }}>
            <Tabs
              value={tab.query}
              onChange={(_e, value: TCompanyPageTabQuery) => selectTab(value)}
              // The four tabs fit a 390 px phone side by side, so they never scroll (issue 23 item 6).
              variant={wide ? 'standard' : 'fullWidth'}
              aria-label="Career page tabs"
              sx={{ '& .MuiTab-root': { minWidth: { xs: 0, sm: 90 }, px: { xs: 0.5, sm: 2 } } }}
            >
              {COMPANY_PAGE_TABS.map((t) => (
                <Tab key={t.query} value={t.query} label={t.label} />
              ))}
            </Tabs>
          </Box>
        </Box>
        <Box role="tabpanel" aria-label={tab.label} sx={{ maxWidth: CONTENT_WIDTH, mx: 'auto', pb: 2 }}>
          {tab.pageType === 'JOBS' && (
            <Box sx={{ mb: 3 }}>
              <JobsList jobs={page.jobs} />
            </Box>
          )}
          {reordering ? (
            <SortableBlocks
              label="Career page blocks, reorder mode"
              columns={tab.pageType === 'STORIES' ? 2 : 1}
              onMove={mode.move}
              blocks={shownIds.flatMap((id) => {
                const block = byId.get(id);
                return block
                  ? [{ id, label: blockLabel(block), content: <BlockSummary block={block} /> }]
                  : [];
              })}
            />
          ) : (
            <TabContent key={tab.pageType} page={page} pageType={tab.pageType} />
          )}
        </Box>
      </Box>
      <EmbedDialog
        open={embedOpen}
        code={buildEmbedSnippet(new URL(page.publicUrl, window.location.origin).origin, page.company)}
        onClose={() => setEmbedOpen(false)}
      />
    </CompanyColours>
  );
}
