import { useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type TAuditAction } from '@hirecast/domain/privacy';
import { AuditTable } from '../../../components/audit-table.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormSection } from '../../../components/form-section.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  useCandidateApplications,
  useEraseApplications,
  useExportApplications,
} from '../api/candidate-requests.ts';
import { downloadAuditCsv, useAudit, type TAuditFilters } from '../api/privacy-audit.ts';
import { usePrivacySettings } from '../api/privacy-settings.ts';
import { RetentionForm } from './retention-form.tsx';

const PAGE_SIZE = 50;

/** Settings › Privacy (issue 26, admins only): retention rules, requests by email address, and the audit. */
export function PrivacyTab({ companyId }: { companyId: string }) {
  const settings = usePrivacySettings(companyId);
  if (settings.isError) return <Alert severity="error">{errorMessage(settings.error)}</Alert>;
  if (!settings.data) return <PageLoader label="Loading the privacy settings" />;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <RetentionForm key={JSON.stringify(settings.data)} saved={settings.data} companyId={companyId} />
      <CandidateRequests companyId={companyId} />
      <AuditSection companyId={companyId} />
    </Box>
  );
}

function CandidateRequests({ companyId }: { companyId: string }) {
  const [email, setEmail] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [confirmErase, setConfirmErase] = useState(false);
  const found = useCandidateApplications(companyId, searched);
  const exporter = useExportApplications();
  const eraser = useEraseApplications();
  const ids = (found.data ?? []).filter((a) => !a.anonymised).map((a) => a._id);
  return (
    <FormSection
      title="Requests from a candidate"
      description="Find every application of one email address across your jobs, to send the candidate a copy of their data (a ZIP emailed to you by a link that works for 7 days) or to erase it."
    >
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          setSearched(email.trim().toLowerCase() || null);
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        <TextField
          label="Candidate's email"
          type="email"
          size="small"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          sx={{ flex: '1 1 240px' }}
        />
        <Button type="submit" variant="outlined">
          Find applications
        </Button>
      </Box>
      {found.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(found.error)}
        </Alert>
      )}
      {found.data && (
        <Box sx={{ mt: 2 }}>
          {found.data.length === 0 ? (
            <Alert severity="info">No applications were found for this email address.</Alert>
          ) : (
            <>
              <List dense aria-label="Applications of this email address">
                {found.data.map((a) => (
                  <ListItem key={a._id} disableGutters>
                    <ListItemText
                      primary={a.jobTitle}
                      secondary={`${a.status}, sent ${new Date(a.sentAt).toLocaleDateString('en-GB')}${a.anonymised ? ', anonymised' : ''}${a.onHold ? ', on legal hold' : ''}`}
                    />
                  </ListItem>
                ))}
              </List>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  disabled={ids.length === 0 || exporter.isPending}
                  onClick={() =>
                    exporter.mutateAsync(ids).then(
                      (r) => toast.success(r.message),
                      (err: unknown) => toast.error(errorMessage(err)),
                    )
                  }
                >
                  Export all ({ids.length})
                </Button>
                <Button
                  color="error"
                  variant="outlined"
                  disabled={ids.length === 0}
                  onClick={() => setConfirmErase(true)}
                >
                  Erase all
                </Button>
              </Box>
            </>
          )}
        </Box>
      )}
      <ConfirmDialog
        open={confirmErase}
        title="Erase these applications?"
        confirmLabel="Erase"
        destructive
        onClose={() => setConfirmErase(false)}
        onConfirm={() => {
          setConfirmErase(false);
          eraser.mutateAsync({ applicationIds: ids, mode: 'delete' }).then(
            (r) => {
              toast.success(`${r.erased} erased${r.held ? `, ${r.held} kept on legal hold` : ''}`);
              void found.refetch();
            },
            (err: unknown) => toast.error(errorMessage(err)),
          );
        }}
      >
        The applications, their CVs and videos are deleted now. Applications on legal hold are kept.
      </ConfirmDialog>
    </FormSection>
  );
}

function AuditSection({ companyId }: { companyId: string }) {
  const [filters, setFilters] = useState<TAuditFilters>({ page: 1 });
  const audit = useAudit(companyId, filters);
  const set = (patch: Partial<TAuditFilters>) =>
    setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  return (
    <FormSection
      title="Audit"
      description="Every view of an applicant, play of a video, CV download, export, status change and erasure, with who and from which address."
      action={
        <Button
          variant="outlined"
          size="small"
          onClick={() => downloadAuditCsv(filters).catch((err: unknown) => toast.error(errorMessage(err)))}
        >
          Download CSV
        </Button>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', sm: '1.3fr 1fr 1fr 1fr' },
          mb: 2,
        }}
      >
        <TextField
          select
          size="small"
          label="Action"
          value={filters.action ?? ''}
          onChange={(e) => set({ action: (e.target.value || undefined) as TAuditAction | undefined })}
        >
          <MenuItem value="">All actions</MenuItem>
          {AUDIT_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {AUDIT_ACTION_LABELS[a]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Who"
          value={filters.actor ?? ''}
          onChange={(e) => set({ actor: e.target.value || undefined })}
        />
        <TextField
          size="small"
          label="From"
          type="date"
          value={filters.from ?? ''}
          onChange={(e) => set({ from: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          label="To"
          type="date"
          value={filters.to ?? ''}
          onChange={(e) => set({ to: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {audit.isError ? (
        <Alert severity="error">{errorMessage(audit.error)}</Alert>
      ) : audit.data ? (
        <>
          <AuditTable events={audit.data.items} showCandidate />
          {audit.data.total > PAGE_SIZE && (
            <Pagination
              sx={{ mt: 2 }}
              count={Math.ceil(audit.data.total / PAGE_SIZE)}
              page={filters.page}
              onChange={(_, page) => set({ page })}
            />
          )}
        </>
      ) : (
        <PageLoader label="Loading the audit" />
      )}
    </FormSection>
  );
}
