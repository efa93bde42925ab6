import { lazy, Suspense, useState } from 'react';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import BarChartIcon from '@mui/icons-material/BarChart';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import { assetMessages } from '@hirecast/domain/asset';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { formatPlaybackTime } from '@hirecast/domain/video-template-rules';
import { buildTemplateTimeline } from '@hirecast/domain/video-template-timeline';
import { AssetCard } from './asset-card.tsx';
import { AssetMenu, type TAssetMenuAction } from './asset-menu.tsx';
import { DurationBadge } from './duration-badge.tsx';
import { DeleteTemplateDialog, ViewTemplateDialog } from './template-dialogs.tsx';
import { TemplatePoster } from './template-poster.tsx';
import { templateStatusDisplay } from './template-status.ts';
import { useAssetPermissions } from './use-asset-permissions.ts';

const AnalyticsDialog = lazy(() =>
  import('./analytics-dialog.tsx').then((m) => ({ default: m.AnalyticsDialog })),
);

type TDialog = null | 'view' | 'analytics' | 'delete';

export const templateImage = (t: TVideoTemplate) => t.thumbnail ?? t.cover ?? null;

/** The animated video's length as its timeline makes it (the editor's player shows the same), or null. */
function TemplateDuration({ template }: { template: TVideoTemplate }) {
  const ms = buildTemplateTimeline(template.dimension, template.data).durationMs;
  const duration = ms > 0 ? formatPlaybackTime(ms) : null;
  return duration ? <DurationBadge duration={duration} /> : null;
}

function TemplateStatusChip({ template }: { template: TVideoTemplate }) {
  const status = templateStatusDisplay(template.status);
  const progress = status.working && template.progress !== null ? ` ${template.progress}%` : '';
  const chip = (
    <Chip
      size="small"
      label={`${status.label}${progress}`}
      color={status.color}
      tabIndex={template.status === 'error' && template.errorReason ? 0 : undefined}
      icon={status.working ? <CircularProgress size={12} color="inherit" aria-hidden="true" /> : undefined}
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
  return template.status === 'error' && template.errorReason ? (
    <Tooltip title={template.errorReason}>{chip}</Tooltip>
  ) : (
    chip
  );
}

// spec 3 §4 Template status: the card's labels, clickability and the options offered in each status.
export function TemplateCard({ template }: { template: TVideoTemplate }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<TDialog>(null);
  const permissions = useAssetPermissions();
  const status = templateStatusDisplay(template.status);
  // spec 3 §6: a viewer edits or deletes only a template they own.
  const canChange = permissions.canChange(template._owner);
  const notOwner = canChange ? undefined : assetMessages.notOwner;
  const edit = () => navigate(`/content/edit/${template._id}`);

  const actions: TAssetMenuAction[] = [];
  if (status.canView)
    actions.push({
      key: 'view',
      label: 'View',
      icon: <PlayCircleOutlineIcon fontSize="small" />,
      onSelect: () => setDialog('view'),
    });
  if (status.canEdit)
    actions.push({
      key: 'edit',
      label: 'Edit',
      icon: <EditOutlinedIcon fontSize="small" />,
      onSelect: edit,
      disabled: !canChange,
      hint: notOwner,
    });
  actions.push({
    key: 'copy',
    label: 'Make a copy',
    icon: <ContentCopyIcon fontSize="small" />,
    onSelect: () => navigate(`/content/copy/${template._id}`),
  });
  if (status.showAnalytics && template._file)
    actions.push({
      key: 'analytics',
      label: 'Analytics',
      icon: <BarChartIcon fontSize="small" />,
      onSelect: () => setDialog('analytics'),
    });
  if (status.canDelete)
    actions.push({
      key: 'delete',
      label: 'Delete',
      icon: <DeleteOutlineIcon fontSize="small" />,
      onSelect: () => setDialog('delete'),
      disabled: !canChange,
      hint: notOwner,
      danger: true,
    });

  // spec 3 §4: a rendered template opens the view; a draft opens the edit route; working or failed: nothing.
  const onOpen =
    status.clickOpens === 'view'
      ? () => setDialog('view')
      : status.clickOpens === 'edit' && canChange
        ? edit
        : undefined;

  return (
    <>
      <AssetCard
        title={template.title}
        image={templateImage(template)}
        placeholder={<TemplatePoster data={template.data} />}
        portrait={template.dimension === 'portrait'}
        openLabel={status.clickOpens === 'view' ? `Play ${template.title}` : `Edit ${template.title}`}
        onOpen={onOpen}
        overlays={
          <>
            <TemplateStatusChip template={template} />
            <TemplateDuration template={template} />
          </>
        }
        meta={
          <>
            {dayjs(template.updatedAt).format('D MMM YYYY')} ·{' '}
            {template.dimension === 'portrait' ? 'Portrait' : 'Landscape'}
          </>
        }
        menu={<AssetMenu title={template.title} actions={actions} />}
      />
      {dialog === 'view' && <ViewTemplateDialog template={template} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteTemplateDialog template={template} onClose={() => setDialog(null)} />}
      {dialog === 'analytics' && template._file && (
        <Suspense fallback={null}>
          <AnalyticsDialog
            asset={{ _id: template._file, title: template.title }}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </>
  );
}

// A sample: view it, or start a new animated video like it (spec 3 §2 /content/create/).
export function SampleCard({ template }: { template: TVideoTemplate }) {
  const navigate = useNavigate();
  const [viewing, setViewing] = useState(false);
  const playable = Boolean(template.videoMp4Url_720p ?? template.videoMp4Url);
  return (
    <>
      <AssetCard
        title={template.title}
        image={templateImage(template)}
        placeholder={<TemplatePoster data={template.data} />}
        portrait={template.dimension === 'portrait'}
        openLabel={`Play sample ${template.title}`}
        onOpen={playable ? () => setViewing(true) : undefined}
        overlays={
          <>
            <Chip
              size="small"
              label="Sample"
              sx={{ position: 'absolute', top: 8, left: 8, fontWeight: 600, bgcolor: 'background.paper' }}
            />
            <TemplateDuration template={template} />
          </>
        }
        meta={template.dimension === 'portrait' ? 'Portrait' : 'Landscape'}
        menu={
          <Box sx={{ flexShrink: 0 }}>
            {/* The accessible name starts with the visible text (WCAG 2.5.3 Label in Name), then says which. */}
            <Button
              size="small"
              onClick={() => navigate(`/content/create/${template._id}`)}
              aria-label={`Make one like this: ${template.title}`}
            >
              Make one like this
            </Button>
          </Box>
        }
      />
      {viewing && <ViewTemplateDialog template={template} onClose={() => setViewing(false)} />}
    </>
  );
}
