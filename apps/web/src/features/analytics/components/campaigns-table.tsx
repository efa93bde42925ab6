import type { TUtmRow } from '@hirecast/domain/sharing-api';
import { StatsTable, type TColumn } from './stats-table.tsx';

const columns: TColumn<TUtmRow>[] = [
  { key: 'source', label: 'Source', value: (r) => r.utm_source },
  { key: 'campaign', label: 'Campaign', value: (r) => r.utm_campaign },
  { key: 'medium', label: 'Medium', value: (r) => r.utm_medium },
  { key: 'visits', label: 'Views', numeric: true, value: (r) => r.visits },
  { key: 'applies', label: 'Applied', numeric: true, value: (r) => r.applies },
  { key: 'submits', label: 'Submitted', numeric: true, value: (r) => r.submits },
];

// spec 3 §2: the campaigns table (Source, Campaign, Medium) from utmData, with its Total row.
export function CampaignsTable({ rows, fileSuffix }: { rows: TUtmRow[]; fileSuffix: string }) {
  const sum = (key: 'visits' | 'applies' | 'submits') => rows.reduce((n, r) => n + r[key], 0);
  return (
    <StatsTable
      title="Campaigns"
      columns={columns}
      rows={rows}
      rowKey={(r) => JSON.stringify([r.utm_source, r.utm_campaign, r.utm_medium])}
      footer={[
        {
          label: 'Total',
          values: { visits: sum('visits'), applies: sum('applies'), submits: sum('submits') },
        },
      ]}
      csvName={`campaigns-${fileSuffix}.csv`}
    />
  );
}
