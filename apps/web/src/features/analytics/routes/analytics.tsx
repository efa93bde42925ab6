import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ROLES } from '@hirecast/domain/constants';
import {
  DEFAULT_SHARING_PERIOD,
  DEFAULT_TIME_ZONE,
  isSharingPeriod,
  periodRange,
  type TDateRange,
  type TSharingPeriod,
} from '@hirecast/domain/sharing';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/me.ts';
import { useAdminStatistics } from '../api/get-admin-statistics.ts';
import { useSharingSettings } from '../api/get-sharing-settings.ts';
import { useUserSharing } from '../api/get-user-sharing.ts';
import { ActivityChart } from '../components/activity-chart.tsx';
import { CampaignsTable } from '../components/campaigns-table.tsx';
import { FunnelChart, VideoEffectPanel } from '../components/funnel-panel.tsx';
import { PeriodSelect } from '../components/period-select.tsx';
import { ReferralTables } from '../components/referral-tables.tsx';

// spec 3 §2 Analytics screen: admins get the Employee referrals and Campaigns tabs (query tab), everyone else
// their own referral view; the period selector; the tables, charts and the funnel with the video effect.
const TABS = [
  { value: 'employee-referrals', label: 'Employee referrals' },
  { value: 'campaigns', label: 'Campaigns' },
] as const;
type TTab = (typeof TABS)[number]['value'];

function ErrorAlert({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Try again
        </Button>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}

function AdminView({
  companyId,
  tab,
  range,
  suffix,
}: {
  companyId: string;
  tab: TTab;
  range: TDateRange;
  suffix: string;
}) {
  const stats = useAdminStatistics(companyId, range, true);
  if (stats.isError) return <ErrorAlert error={stats.error} retry={() => void stats.refetch()} />;
  if (!stats.data) return <PageLoader label="Loading analytics" />;
  const data = stats.data;
  const busy = stats.isPlaceholderData && <LinearProgress aria-label="Loading the period" />;
  if (tab === 'campaigns') {
    return (
      <Stack spacing={3}>
        {busy}
        <CampaignsTable rows={data.utmData} fileSuffix={suffix} />
        <ActivityChart title="Views, applies and submits" series={data.series} range={range} />
        <FunnelChart funnel={data.funnel} />
        <VideoEffectPanel rows={data.videoEffect} fileSuffix={suffix} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {busy}
      <ReferralTables data={data.sharingData} points={data.points} canSeeEmployees fileSuffix={suffix} />
      <ActivityChart title="Referral views, applies and submits" series={data.referralSeries} range={range} />
    </Stack>
  );
}

function OwnView({ companyId, range, suffix }: { companyId: string; range: TDateRange; suffix: string }) {
  const own = useUserSharing(companyId, range, true);
  if (own.isError) return <ErrorAlert error={own.error} retry={() => void own.refetch()} />;
  if (!own.data) return <PageLoader label="Loading analytics" />;
  return (
    <Stack spacing={2}>
      {own.isPlaceholderData && <LinearProgress aria-label="Loading the period" />}
      <Typography color="text.secondary">
        Candidates who came through the job links you shared, and the reward points they earned you.
      </Typography>
      <ReferralTables data={own.data} points={own.data.points} canSeeEmployees={false} fileSuffix={suffix} />
      <ActivityChart
        title="Your referral views, applies and submits"
        series={own.data.series}
        range={range}
      />
    </Stack>
  );
}

export function Component() {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const companyId = me?._company ?? null;
  const settings = useSharingSettings(companyId);
  const isAdmin = me?.role === ROLES.admin;
  const tab: TTab = params.get('tab') === 'campaigns' ? 'campaigns' : 'employee-referrals';
  const rawPeriod = params.get('period');
  const period: TSharingPeriod = isSharingPeriod(rawPeriod) ? rawPeriod : DEFAULT_SHARING_PERIOD;
  const timeZone = settings.data?.timeZone ?? DEFAULT_TIME_ZONE;
  // The period is computed once per choice, in the company's time zone (start inclusive, end exclusive).
  const range = useMemo(() => periodRange(period, new Date(), timeZone), [period, timeZone]);
  const suffix = range.startDate ? `${range.startDate}_${range.endDate}` : 'all-time';

  const change = (next: Record<string, string>) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) out.set(k, v);
        return out;
      },
      { replace: true },
    );

  if (!me || !companyId || settings.isPending) return <PageLoader label="Loading analytics" />;
  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: { xs: 3, md: 4 }, maxWidth: 1280, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' }, gap: 2, mb: 2 }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: 24, md: 32 }, fontWeight: 700 }}>
          Analytics
        </Typography>
        <PeriodSelect value={period} onChange={(p) => change({ period: p })} />
      </Stack>
      {isAdmin && (
        <Tabs
          value={tab}
          onChange={(_, value: TTab) => change({ tab: value })}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} />
          ))}
        </Tabs>
      )}
      {isAdmin ? (
        <AdminView companyId={companyId} tab={tab} range={range} suffix={suffix} />
      ) : (
        <OwnView companyId={companyId} range={range} suffix={suffix} />
      )}
    </Box>
  );
}
