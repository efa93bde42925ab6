import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Send from '@mui/icons-material/Send';
import type { TRole } from '@hirecast/domain/constants';
import { inviteMessages } from '@hirecast/domain/company-team';
import { canManageMember, canResendInvitation } from '@hirecast/domain/team';
import { errorMessage } from '../../lib/api-client.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import type { TInviteAnswer, TMutationHandlers } from './mutation-handlers.ts';

type TProps = {
  member: { email: string; type: TRole; lastInvitationDate: string | null };
  /** The signed-in person's role in this team. */
  role: TRole;
  isSelf: boolean;
  /** The invitation is not accepted yet: it can be resent. */
  pending: boolean;
  resending: boolean;
  removing: boolean;
  /** Sends the invitation again; called only once the 30 s since the last one have passed. */
  onResend: (handlers: TMutationHandlers<TInviteAnswer>) => void;
  /** Removes the member, once confirmed. */
  onRemove: () => void;
  removeTooltip: string;
  confirmTitle: string;
  confirmText: ReactNode;
  size?: 'small' | 'medium';
};

// A member's Resend invitation and Remove buttons, in the company team and in a job team. spec 1 §6, spec 2
// §6 Team: resend and remove are for admins, or a job manager for Viewers; nobody removes themselves; an
// invitation is resent at most once per 30 s (spec 1 §4, §9).
export function MemberActions({
  member,
  role,
  isSelf,
  pending,
  resending,
  removing,
  onResend,
  onRemove,
  removeTooltip,
  confirmTitle,
  confirmText,
  size,
}: TProps) {
  const [confirmRemove, setConfirmRemove] = useState(false);
  const canManage = canManageMember({ role, isSelf, memberType: member.type });

  const resend = () => {
    const last = member.lastInvitationDate ? new Date(member.lastInvitationDate) : null;
    if (!canResendInvitation(last)) {
      toast.error(inviteMessages.tooSoon);
      return;
    }
    onResend({
      onSuccess: (answer) => toast.success(answer.message || inviteMessages.sent(member.email)),
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  return (
    <>
      {pending && (
        <Tooltip title="Resend invitation">
          <span>
            <IconButton
              aria-label={`Resend invitation to ${member.email}`}
              onClick={resend}
              disabled={!canManage || resending}
              size={size}
            >
              <Send fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      <Tooltip title={removeTooltip}>
        <span>
          <IconButton
            aria-label={`Remove ${member.email}`}
            onClick={() => setConfirmRemove(true)}
            disabled={!canManage || removing}
            size={size}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={confirmRemove}
        title={confirmTitle}
        confirmLabel="Remove"
        destructive
        onConfirm={onRemove}
        onClose={() => setConfirmRemove(false)}
      >
        {confirmText}
      </ConfirmDialog>
    </>
  );
}
