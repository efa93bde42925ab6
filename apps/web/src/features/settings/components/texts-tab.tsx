import { useState } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { TManager } from '@hirecast/domain/auth';
import type { TCompany } from '@hirecast/domain/company';
import { DEFAULT_LETTERS, type TLetter } from '@hirecast/domain/letters';
import { settingsMessages, ZLetterChange } from '@hirecast/domain/settings';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import { AdminNotice } from './admin-notice.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LetterEditor } from './letter-editor.tsx';
import { LETTER_TABS, sampleValues, type TLetterTabKind } from './letter-kinds.ts';

type TErrors = Partial<Record<keyof TLetter, string>>;

// spec 2 §2 Settings, Texts tab; spec 2 §9 letter tabs, each with a default text and subject that can be
// reset. Saved through PATCH /company/{id} {letters: [...]}.
export function TextsTab({ company, me, canEdit }: { company: TCompany; me: TManager; canEdit: boolean }) {
  const update = useUpdateCompany(company._id);
  const [kind, setKind] = useState<TLetterTabKind>('rejection');
  // Unsaved edits per kind survive switching between the letter tabs.
  const [drafts, setDrafts] = useState<Partial<Record<TLetterTabKind, TLetter>>>({});
  const [errors, setErrors] = useState<TErrors>({});
  const [confirmReset, setConfirmReset] = useState(false);

  const stored = company.letters.find((l) => l.kind === kind) ?? {
    ...DEFAULT_LETTERS[kind],
    isDefault: true,
  };
  const draft = drafts[kind];
  const value = draft ?? { subject: stored.subject, text: stored.text };
  const changed = draft !== undefined && (draft.subject !== stored.subject || draft.text !== stored.text);
  const tab = LETTER_TABS.find((t) => t.kind === kind)!;
  const sample = sampleValues({
    companyName: company.name,
    ownerName: `${me.firstName} ${me.lastName}`.trim(),
    position: me.position,
  });

  const forget = (k: TLetterTabKind) =>
    setDrafts((all) => {
      const rest = { ...all };
      delete rest[k];
      return rest;
    });

  const save = () => {
    const parsed = ZLetterChange.safeParse({ kind, subject: value.subject, text: value.text });
    if (!parsed.success) {
      const next: TErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'subject' || field === 'text') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(
      { letters: [parsed.data] },
      {
        onSuccess: () => {
          forget(kind);
          toast.success(settingsMessages.saved);
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  const reset = () =>
    update.mutate(
      { letters: [{ kind, reset: true }] },
      {
        onSuccess: () => {
          forget(kind);
          setErrors({});
          toast.success(`The ${tab.label} letter is back to the default text.`);
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  return (
    <Box>
      {!canEdit && <AdminNotice />}
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        <Tabs
          value={kind}
          onChange={(_, next: TLetterTabKind) => {
            setKind(next);
            setErrors({});
          }}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Letters"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {LETTER_TABS.map((t) => (
            <Tab
              key={t.kind}
              value={t.kind}
              label={drafts[t.kind] ? `${t.label} •` : t.label}
              id={`letter-tab-${t.kind}`}
              aria-controls="letter-panel"
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id="letter-panel"
          aria-labelledby={`letter-tab-${kind}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <LetterEditor
            key={kind}
            label={tab.label}
            about={tab.about}
            value={value}
            errors={errors}
            sample={sample}
            disabled={!canEdit}
            onChange={(next) => {
              setDrafts((all) => ({ ...all, [kind]: next }));
              setErrors({});
            }}
          />
          {canEdit && (
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                mt: 3,
                flexWrap: 'wrap',
                flexDirection: { xs: 'column-reverse', sm: 'row' },
                '& > .MuiButton-root': { width: { xs: '100%', sm: 'auto' } },
              }}
            >
              {stored.isDefault ? (
                <Chip label="Default text" size="small" variant="outlined" sx={{ alignSelf: 'center' }} />
              ) : (
                <Chip
                  label="Your own text"
                  size="small"
                  color="secondary"
                  variant="outlined"
                  sx={{ alignSelf: 'center' }}
                />
              )}
              <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
              <Button
                color="inherit"
                onClick={() => setConfirmReset(true)}
                disabled={(stored.isDefault && !changed) || update.isPending}
              >
                Reset to default
              </Button>
              <Button variant="contained" onClick={save} disabled={!changed} loading={update.isPending}>
                Save
              </Button>
            </Box>
          )}
        </Box>
      </Paper>
      <ConfirmDialog
        open={confirmReset}
        title={`Reset the ${tab.label} letter?`}
        confirmLabel="Reset"
        onConfirm={reset}
        onClose={() => setConfirmReset(false)}
      >
        The subject and text go back to the default wording. Your own version cannot be restored.
      </ConfirmDialog>
    </Box>
  );
}
