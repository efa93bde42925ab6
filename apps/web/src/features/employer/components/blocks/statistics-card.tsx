import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SaveStatus, type TSaveStatus } from '../../../../components/save-status.tsx';
import { COMPANY_PAGE_LIMITS, type TCompanyPageStats } from '@hirecast/domain/company-page-rules';
import { checkStatsDraft, statsToDraft, type TStatsDraft } from './stats-draft.ts';
import { BlockFrame, RemoveBlockButton } from './block-frame.tsx';

function StatField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      size="small"
      fullWidth
    />
  );
}

function StatFigure({ label, value }: { label: string; value: number | null }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, color: 'primary.main', lineHeight: 1.2 }}>
        {value ?? '—'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

// spec 3 §5 Statistics: founding year (4 digits, not after this year), employees and their gender split. Every
// change saves by itself 700 ms after the last key, when the figures are valid; a gender split that does not add
// up to the employees is only a warning.
export function StatisticsCard({
  stats,
  editable,
  onSave,
  onDelete,
}: {
  stats: TCompanyPageStats;
  editable: boolean;
  onSave: (stats: TCompanyPageStats) => Promise<unknown>;
  onDelete?: () => void;
}) {
  const [draft, setDraft] = useState(() => statsToDraft(stats));
  const [status, setStatus] = useState<TSaveStatus>('idle');
  const saveRef = useRef(onSave);
  const savedRef = useRef(JSON.stringify(stats));
  useEffect(() => {
    saveRef.current = onSave;
  }, [onSave]);

  const check = checkStatsDraft(draft);

  useEffect(() => {
    if (!check.stats) return;
    const next = JSON.stringify(check.stats);
    if (next === savedRef.current) return;
    const pending = check.stats;
    const timer = window.setTimeout(() => {
      setStatus('saving');
      saveRef.current(pending).then(
        () => {
          savedRef.current = next;
          setStatus('saved');
        },
        () => setStatus('error'),
      );
    }, COMPANY_PAGE_LIMITS.statsDebounceMs);
    return () => window.clearTimeout(timer);
    // check.stats is recomputed each render; the draft is what changes it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  if (!editable)
    return (
      <BlockFrame label="Statistics">
        <Typography variant="h4" component="h3" sx={{ mb: 2 }}>
          Company in numbers
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
          <StatFigure label="Founded" value={stats.foundingYear} />
          <StatFigure label="Employees" value={stats.employees} />
          <StatFigure label="Men" value={stats.gender.male} />
          <StatFigure label="Women" value={stats.gender.female} />
        </Box>
      </BlockFrame>
    );

  const set = (key: keyof TStatsDraft) => (value: string) => {
    setDraft((prev) => ({ ...prev, [key]: value }));
    setStatus('pending');
  };
  return (
    <BlockFrame
      label="Statistics"
      actions={onDelete && <RemoveBlockButton label="Statistics" onClick={onDelete} />}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h3">
          Company in numbers
        </Typography>
        <SaveStatus status={check.stats ? status : 'idle'} />
      </Stack>
      <Box
        sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}
      >
        <StatField
          label="Founding year"
          value={draft.foundingYear}
          onChange={set('foundingYear')}
          error={check.errors.foundingYear}
        />
        <StatField
          label="Employees"
          value={draft.employees}
          onChange={set('employees')}
          error={check.errors.employees}
        />
        <StatField label="Men" value={draft.male} onChange={set('male')} error={check.errors.male} />
        <StatField label="Women" value={draft.female} onChange={set('female')} error={check.errors.female} />
      </Box>
      {check.genderWarning && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {check.genderWarning}
        </Alert>
      )}
    </BlockFrame>
  );
}
