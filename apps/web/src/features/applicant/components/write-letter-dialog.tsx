import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ZCommunicationRequest, ZReengageRequest } from '@hirecast/domain/applicants';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSendCommunication } from '../api/send-communication.ts';
import { useSendReengaging } from '../api/send-reengaging.ts';
import { LetterFields } from './letter-fields.tsx';
import { candidateName, draftFor, type TLetterSource } from './letter-draft.ts';
import { usePhone } from './use-phone.ts';

export type TWriteKind = 'communication' | 'reengaging';

export const writeMessages = {
  communicationSent: 'Your email has been sent.',
  reengagingSent: 'The re-engaging email has been sent.',
} as const;

/**
 * spec 2 §2: the communication (write to the candidate; replies come back into the history) and re-engaging
 * dialogs. Neither changes the status.
 */
export function WriteLetterDialog({
  kind,
  applicant,
  job,
  me,
  letters,
  onClose,
}: {
  kind: TWriteKind;
  onClose: () => void;
} & TLetterSource) {
  const titleId = useId();
  const phone = usePhone();
  const [letter, setLetter] = useState(() => draftFor(kind, { applicant, job, me, letters }));
  const [error, setError] = useState<string | null>(null);
  const communication = useSendCommunication();
  const reengaging = useSendReengaging();
  const pending = communication.isPending || reengaging.isPending;
  const name = candidateName(applicant);

  const send = async () => {
    try {
      if (kind === 'communication') {
        const parsed = ZCommunicationRequest.safeParse({ text: letter.text });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
        await communication.mutateAsync({ applicationId: applicant._id, body: parsed.data });
        toast.success(writeMessages.communicationSent);
      } else {
        const parsed = ZReengageRequest.safeParse({ ...letter, applicationIds: [applicant._id] });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
        await reengaging.mutateAsync({ jobId: job._id, body: parsed.data });
        toast.success(writeMessages.reengagingSent);
      }
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>
        {kind === 'communication' ? `Write to ${name}` : `Re-engage ${name}`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {kind === 'communication'
            ? 'Their reply will appear in the history of this application.'
            : 'Ask whether they are still interested in this job. Their status does not change.'}
        </DialogContentText>
        <LetterFields
          letter={letter}
          onChange={(next) => {
            setLetter(next);
            setError(null);
          }}
          error={error}
          disabled={pending}
          withSubject={kind === 'reengaging'}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void send()} loading={pending}>
          Send email
        </Button>
      </DialogActions>
    </Dialog>
  );
}
