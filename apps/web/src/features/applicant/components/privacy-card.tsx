import { useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { privacyMessages } from '@hirecast/domain/privacy';
import { useNavigate } from 'react-router';
import { AuditTable } from '../../../components/audit-table.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  useApplicantAudit,
  useApplicationPrivacy,
  useExportApplicantData,
  useLegalHold,
} from '../api/application-privacy.ts';
import { SectionCard } from './section-card.tsx';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Issue 26 on the applicant page: the legal hold (everyone sees it; admins set and release it), the
 * anonymisation, the export of the candidate's data and the audit of who saw what (admins).
 */
export function PrivacyCard({
  applicationId,
  isAdmin,
  listLink,
}: {
  applicationId: string;
  isAdmin: boolean;
  listLink: string;
}) {
  const navigate = useNavigate();
  const privacy = useApplicationPrivacy(applicationId);
  const audit = useApplicantAudit(applicationId, isAdmin);
  const hold = useLegalHold(applicationId);
  const exporter = useExportApplicantData(applicationId);
  const [asking, setAsking] = useState(false);
  const [releasing, setReleasing] = useState(false);
  // Issue 33: a release runs the erasure the candidate asked for while held; the applicant is then gone.
  const release = () =>
    hold.mutateAsync(null).then(
      async (saved) => {
        if (!saved.erasedOnRelease) return;
        toast.success(privacyMessages.erasureReleased);
        await navigate(listLink, { replace: true });
      },
      (err: unknown) => {
        toast.error(errorMessage(err));
        throw err;
      },
    );
  const [reason, setReason] = useState('');
  const data = privacy.data;
  return (
    <SectionCard
      title="Privacy"
      labelId="applicant-privacy"
      action={
        isAdmin && (
          <Button
            size="small"
            disabled={exporter.isPending || Boolean(data?.anonymisedAt)}
            onClick={() =>
              exporter.mutateAsync().then(
                (r) => toast.success(r.message),
                (err: unknown) => toast.error(errorMessage(err)),
              )
            }
          >
            Export data
          </Button>
        )
      }
    >
      {privacy.isError && <Alert severity="error">{errorMessage(privacy.error)}</Alert>}
      {data?.anonymisedAt && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          Anonymised on {day(data.anonymisedAt)} under the company's retention rules: the status, dates, job
          and source are kept.
        </Alert>
      )}
      {data &&
        (data.hold ? (
          <Alert
            severity="warning"
            sx={{ mb: 1.5 }}
            action={
              isAdmin && (
                <Button
                  color="inherit"
                  size="small"
                  disabled={hold.isPending}
                  onClick={() =>
                    data.erasureRequestedAt ? setReleasing(true) : void release().catch(() => {})
                  }
                >
                  Release
                </Button>
              )
            }
          >
            <strong>On legal hold</strong> since {day(data.hold.at)}
            {data.hold.by && ` (${data.hold.by})`}: {data.hold.reason}. Kept whatever the retention rules
            until released, and it cannot be deleted.
            {data.erasureRequestedAt &&
              ` The candidate asked to delete their data on ${day(data.erasureRequestedAt)}: it will be deleted when the hold is released.`}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography color="text.secondary" sx={{ flex: 1 }}>
              Not on legal hold.
              {data.consentRenewedAt &&
                ` The candidate asked to keep their application on ${day(data.consentRenewedAt)}.`}
            </Typography>
            {isAdmin && !data.anonymisedAt && (
              <Button size="small" variant="outlined" onClick={() => setAsking(true)}>
                Put on legal hold
              </Button>
            )}
          </Box>
        ))}
      {isAdmin && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            Audit
          </Typography>
          {audit.data ? (
            <AuditTable events={audit.data.items} showCandidate={false} />
          ) : audit.isError ? (
            <Alert severity="error">{errorMessage(audit.error)}</Alert>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={releasing}
        title="Release the hold and delete?"
        confirmLabel="Release and delete"
        destructive
        onConfirm={release}
        onClose={() => setReleasing(false)}
      >
        The candidate asked to delete their data while the application was on hold. Releasing the hold deletes
        the application, its CV, video and notes now. This cannot be undone.
      </ConfirmDialog>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="hold-title"
      >
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return;
            hold.mutateAsync(reason.trim()).then(
              () => {
                setAsking(false);
                setReason('');
              },
              (err: unknown) => toast.error(errorMessage(err)),
            );
          }}
        >
          <DialogTitle id="hold-title">Put on legal hold</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              helperText={
                reason.trim()
                  ? 'The application is kept until the hold is released.'
                  : privacyMessages.holdReasonRequired
              }
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setAsking(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!reason.trim() || hold.isPending}>
              Put on hold
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </SectionCard>
  );
}
