import { useId, useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LinkIcon from '@mui/icons-material/Link';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NotesIcon from '@mui/icons-material/StickyNote2Outlined';
import ReplayIcon from '@mui/icons-material/Replay';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarsOutlinedIcon from '@mui/icons-material/StarsOutlined';
import type { TPageAction } from '@hirecast/domain/applicants';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

export type TDialog =
  | { type: 'status'; status: 'rejected' | 'interviewing' | 'hired' | 'shortlisted' }
  | { type: 'write'; kind: 'communication' | 'reengaging' }
  | { type: 'notes' | 'rating' | 'history' | 'delete' };

export const ACTION_DIALOGS: Record<TPageAction, TDialog> = {
  reject: { type: 'status', status: 'rejected' },
  interview: { type: 'status', status: 'interviewing' },
  hire: { type: 'status', status: 'hired' },
};
const ACTION_LABELS: Record<TPageAction, string> = { reject: 'Reject', interview: 'Interview', hire: 'Hire' };

/** spec 2 §4 second reading: Reject, Interview or Hire, as pageActions allows them. */
export function PageActionButtons({
  actions,
  onOpen,
  fullWidth = false,
}: {
  actions: TPageAction[];
  onOpen: (dialog: TDialog) => void;
  fullWidth?: boolean;
}) {
  return actions.map((action) => (
    <Button
      key={action}
      variant={action === 'reject' ? 'outlined' : 'contained'}
      color={action === 'reject' ? 'error' : action === 'hire' ? 'success' : 'primary'}
      onClick={() => onOpen(ACTION_DIALOGS[action])}
      fullWidth={fullWidth}
    >
      {ACTION_LABELS[action]}
    </Button>
  ));
}

function ToolButton({
  label,
  icon,
  onClick,
  compact,
  badge = 0,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  compact: boolean;
  badge?: number;
}) {
  // The name comes from the words shown (axe label-content-name-mismatch: no aria-label that differs from them);
  // the count is said after the label and drawn as a badge that screen readers skip.
  const count = badge ? <Box component="span" sx={visuallyHidden}>{`(${badge})`}</Box> : null;
  // On a phone the three tools and the More button share one row: words only, the count in the words.
  if (compact)
    return (
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        onClick={onClick}
        sx={{ borderColor: 'divider', minWidth: 0, px: 1.5 }}
      >
        {badge ? `${label} (${badge})` : label}
      </Button>
    );
  return (
    <Button
      variant="outlined"
      color="inherit"
      startIcon={
        <Badge aria-hidden badgeContent={badge} color="secondary" max={99}>
          {icon}
        </Badge>
      }
      onClick={onClick}
      sx={{ borderColor: 'divider', '& .MuiBadge-badge': { top: -2, right: -2 } }}
    >
      {label}
      {count && ' '}
      {count}
    </Button>
  );
}

/**
 * The applicant's tools: notes, rating and history (for everyone), the page's status actions, and a More
 * menu. spec 2 §6: viewers cannot send email, delete, reject, hire, interview, reply or change status.
 */
export function ApplicantActions({
  actions,
  canAct,
  canEmail,
  canShortlist,
  firstName,
  noteCount,
  compact,
  onOpen,
  onCopyLink,
}: {
  actions: TPageAction[];
  /** Deletes the applicant (spec 2 §6: not a viewer). */
  canAct: boolean;
  /** Writes to the candidate: not a viewer, and not to a candidate who withdrew. */
  canEmail: boolean;
  canShortlist: boolean;
  firstName: string;
  noteCount: number;
  compact: boolean;
  onOpen: (dialog: TDialog) => void;
  onCopyLink: () => void;
}) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  const items: ReactNode[] = [];
  if (canShortlist)
    items.push(
      <MenuItem key="shortlist" onClick={choose(() => onOpen({ type: 'status', status: 'shortlisted' }))}>
        <ListItemIcon>
          <StarsOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Shortlist</ListItemText>
      </MenuItem>,
    );
  if (canEmail)
    items.push(
      <MenuItem key="write" onClick={choose(() => onOpen({ type: 'write', kind: 'communication' }))}>
        <ListItemIcon>
          <EmailOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Write to {firstName}</ListItemText>
      </MenuItem>,
      <MenuItem key="reengage" onClick={choose(() => onOpen({ type: 'write', kind: 'reengaging' }))}>
        <ListItemIcon>
          <ReplayIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Re-engage</ListItemText>
      </MenuItem>,
    );
  items.push(
    <MenuItem key="copy" onClick={choose(onCopyLink)}>
      <ListItemIcon>
        <LinkIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Copy applicant link</ListItemText>
    </MenuItem>,
  );
  if (canAct)
    items.push(
      <Divider key="divider" />,
      <MenuItem key="delete" onClick={choose(() => onOpen({ type: 'delete' }))} sx={{ color: 'error.main' }}>
        <ListItemIcon sx={{ color: 'inherit' }}>
          <DeleteOutlineIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Delete applicant</ListItemText>
      </MenuItem>,
    );

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <ToolButton
        label="Notes"
        icon={<NotesIcon />}
        badge={noteCount}
        compact={compact}
        onClick={() => onOpen({ type: 'notes' })}
      />
      <ToolButton
        label="Rate"
        icon={<StarBorderIcon />}
        compact={compact}
        onClick={() => onOpen({ type: 'rating' })}
      />
      <ToolButton
        label="History"
        icon={<HistoryIcon />}
        compact={compact}
        onClick={() => onOpen({ type: 'history' })}
      />
      {!compact && <PageActionButtons actions={actions} onOpen={onOpen} />}
      <IconButton
        aria-label="More actions"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {items}
      </Menu>
    </Stack>
  );
}
