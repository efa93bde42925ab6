import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  APPLICATION_STATUSES,
  applicantMessages,
  isFinalForEmployer,
  menuStatuses,
  STATUS_COLOURS,
  STATUS_LABELS,
  type TApplicationStatus,
} from '@hirecast/domain/applicants';
import type { TRole } from '@hirecast/domain/constants';
import { BADGE_PALETTE } from './applicant-display.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

const badgeSx = (status: TApplicationStatus) => {
  const colours = BADGE_PALETTE[STATUS_COLOURS[status]];
  return {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.75,
    height: 26,
    px: 1.25,
    borderRadius: 13,
    bgcolor: colours.bg,
    color: colours.fg,
    fontSize: '0.8125rem',
    fontWeight: 600,
    whiteSpace: 'nowrap',
    '&::before': {
      content: '""',
      width: 7,
      height: 7,
      borderRadius: '50%',
      bgcolor: colours.dot,
      flexShrink: 0,
    },
  } as const;
};

// spec 2 §4 badge colours.
export function StatusBadge({ status }: { status: TApplicationStatus }) {
  return (
    <Box component="span" sx={badgeSx(status)}>
      {STATUS_LABELS[status]}
    </Box>
  );
}

/** A withdrawal is the candidate's and final: the badge says so instead of offering a menu. */
function WithdrawnBadge() {
  return (
    <Tooltip title={applicantMessages.withdrawnByCandidate}>
      <Box component="span" sx={badgeSx('withdrawn')}>
        {STATUS_LABELS.withdrawn}
        <Box component="span" sx={visuallyHidden}>
          {`. ${applicantMessages.withdrawnByCandidate}`}
        </Box>
      </Box>
    </Tooltip>
  );
}

/**
 * spec 2 §4 the status menu: every status, the current one disabled. Viewers (no choices from menuStatuses)
 * get the plain badge. `withdrawn` is the candidate's own step: never offered, and final once it is the current
 * one (no menu at all).
 */
export function StatusMenu({
  status,
  role,
  applicantName,
  onPick,
}: {
  status: TApplicationStatus;
  role: TRole;
  applicantName: string;
  onPick: (status: TApplicationStatus) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choices = menuStatuses(status, role);
  if (isFinalForEmployer(status)) return <WithdrawnBadge />;
  if (choices.length === 0) return <StatusBadge status={status} />;
  const items = APPLICATION_STATUSES.filter((s) => s === status || choices.includes(s));

  return (
    <>
      <ButtonBase
        aria-label={`Status of ${applicantName}: ${STATUS_LABELS[status]}. Change status`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => {
          // The row behind the badge opens the applicant; the menu must not.
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
        onKeyDown={(event) => event.stopPropagation()}
        sx={{ ...badgeSx(status), pr: 0.5, '&.Mui-focusVisible': { outline: 2, outlineOffset: 2 } }}
      >
        {STATUS_LABELS[status]}
        <ExpandMoreIcon sx={{ fontSize: 18 }} aria-hidden="true" />
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        // React events bubble out of the portal to the row; clicks and keys here are the menu's own.
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {items.map((s) => (
          <MenuItem
            key={s}
            disabled={s === status}
            onClick={() => {
              setAnchor(null);
              onPick(s);
            }}
          >
            <ListItemIcon>{s === status && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{STATUS_LABELS[s]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
