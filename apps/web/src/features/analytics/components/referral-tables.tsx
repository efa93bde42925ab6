import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { TSharingData } from '@hirecast/domain/sharing-api';
import type { TSharingPoints } from '@hirecast/domain/sharing';
import { StatsTable, type TColumn } from './stats-table.tsx';

type TJobRow = TSharingData['dataPerJob'][number];
type TManagerRow = TSharingData['dataPerManager'][number];

const counts = <T extends { visits: number; applies: number; submits: number }>(): TColumn<T>[] => [
  { key: 'visits', label: 'Views', numeric: true, value: (r) => r.visits },
  { key: 'applies', label: 'Applied', numeric: true, value: (r) => r.applies },
  { key: 'submits', label: 'Submitted', numeric: true, value: (r) => r.submits },
];

/** The Total row and the Reward points row (each column's count at its rate) of spec 3 §2. */
function footer(data: TSharingData, points: TSharingPoints, withPointsColumn: boolean) {
  const { visits, applies, submits } = data.totals;
  return [
    {
      label: 'Total',
      values: { visits, applies, submits, ...(withPointsColumn && { points: data.totals.points }) },
    },
    {
      label: 'Reward points',
      values: {
        visits: visits * points.visit,
        applies: applies * points.applied,
        submits: submits * points.submitted,
        ...(withPointsColumn && { points: data.totals.points }),
      },
    },
  ];
}

/**
 * spec 3 §2: the referrals table, by Job Title, or by Sharer with the admins' Rewards per employee toggle, with
 * the Total and Reward points rows and the Total points.
 */
export function ReferralTables({
  data,
  points,
  canSeeEmployees,
  fileSuffix,
}: {
  data: TSharingData;
  points: TSharingPoints;
  canSeeEmployees: boolean;
  fileSuffix: string;
}) {
  const [perEmployee, setPerEmployee] = useState(false);
  const toggle = canSeeEmployees && (
    <FormControlLabel
      control={<Switch checked={perEmployee} onChange={(e) => setPerEmployee(e.target.checked)} />}
      label="Rewards per employee"
      sx={{ alignSelf: 'flex-start' }}
    />
  );
  if (perEmployee && canSeeEmployees) {
    const columns: TColumn<TManagerRow>[] = [
      { key: 'name', label: 'Sharer', value: (r) => r.managerFullName },
      ...counts<TManagerRow>(),
      { key: 'points', label: 'Points', numeric: true, value: (r) => r.points },
    ];
    return (
      <>
        {toggle}
        <StatsTable
          title="Rewards per employee"
          columns={columns}
          rows={data.dataPerManager}
          rowKey={(r) => r.token}
          footer={footer(data, points, true)}
          totalPoints={data.totals.points}
          csvName={`rewards-per-employee-${fileSuffix}.csv`}
        />
      </>
    );
  }
  const columns: TColumn<TJobRow>[] = [
    { key: 'title', label: 'Job Title', value: (r) => r.title },
    ...counts<TJobRow>(),
  ];
  return (
    <>
      {toggle}
      <StatsTable
        title="Referrals per job"
        columns={columns}
        rows={data.dataPerJob}
        rowKey={(r) => r.jobId}
        footer={footer(data, points, false)}
        totalPoints={data.totals.points}
        csvName={`referrals-per-job-${fileSuffix}.csv`}
      />
    </>
  );
}
