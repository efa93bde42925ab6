import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TManager } from '@hirecast/domain/auth';
import { ROLE_LABELS, type TRole } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLeaveCompany } from '../api/taken-back.ts';
import { AuthErrorNote } from './auth-error-note.tsx';

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

/**
 * Issue 33 item 8: shown once, on the name screen, to the owner who took back through Google an account someone
 * else registered with their address: when it was registered, what was cleared, and its companies, each with
 * Leave (DELETE /company/{id}/team/me). The screen's Continue closes it for good.
 */
export function TakenBackNotice({
  me,
}: {
  me: TManager & { takenBack: NonNullable<TManager['takenBack']> };
}) {
  const leave = useLeaveCompany();
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<string | null>(null);
  const onLeave = (companyId: string) => {
    setFailure(null);
    setLeaving(companyId);
    leave.mutate(companyId, {
      onError: (err) => setFailure(errorMessage(err)),
      onSettled: () => setLeaving(null),
    });
  };
  return (
    <Box
      component="section"
      aria-labelledby="taken-back-title"
      sx={{ mb: 3, p: 2, borderRadius: 1, bgcolor: '#FFF4E5', color: '#663C00', typography: 'body2' }}
    >
      <Typography id="taken-back-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {messages.takenBackTitle}
      </Typography>
      <p style={{ margin: '0 0 8px' }}>
        Someone registered {me.email} on {day(me.takenBack.registeredAt)} without confirming the address.{' '}
        {messages.takenBackCleared}
      </p>
      <p style={{ margin: '0 0 8px' }}>
        {me._companies.length > 0 ? messages.takenBackCompanies : messages.takenBackNoCompanies}
      </p>
      {me._companies.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {me._companies.map((c) => (
            <Box
              component="li"
              key={c._id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}
            >
              <span>
                <strong>{c.name}</strong> · {ROLE_LABELS[c.role as TRole]}
              </span>
              <Button
                size="small"
                variant="outlined"
                color="inherit"
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                aria-label={`Leave ${c.name}`}
                loading={leaving === c._id}
                disabled={leaving !== null && leaving !== c._id}
                onClick={() => onLeave(c._id)}
              >
                Leave
              </Button>
            </Box>
          ))}
        </Box>
      )}
      {failure && (
        <Box sx={{ mt: 1 }}>
          <AuthErrorNote>{failure}</AuthErrorNote>
        </Box>
      )}
    </Box>
  );
}
