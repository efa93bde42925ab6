import Alert from '@mui/material/Alert';
import { settingsMessages } from '@hirecast/domain/settings';

// spec 2 §2, §6: non-admins see the admin areas read-only, with this message.
export function AdminNotice({ children }: { children?: string }) {
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 3 }}>
      {children ?? settingsMessages.adminsOnly}
    </Alert>
  );
}
