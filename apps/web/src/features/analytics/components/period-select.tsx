import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SHARING_PERIODS, type TSharingPeriod } from '@hirecast/domain/sharing';

// spec 3 §2 Period selector: This week … All time.
export function PeriodSelect({
  value,
  onChange,
}: {
  value: TSharingPeriod;
  onChange: (p: TSharingPeriod) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Period"
      value={value}
      onChange={(e) => onChange(e.target.value as TSharingPeriod)}
      sx={{ minWidth: 180 }}
    >
      {SHARING_PERIODS.map((p) => (
        <MenuItem key={p.value} value={p.value}>
          {p.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
