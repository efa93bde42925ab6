import { useEffect, useRef, useState, type ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { NARROW_MEDIA } from '../../../components/layout/layout-constants.ts';

// spec 3 §9: the menu closes 600 ms after the pointer leaves it.
export const MENU_HOVER_CLOSE_MS = 600;

export type TAssetMenuAction = {
  key: string;
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /** Why the action is off: shown as a tooltip and, for touch, under the label. */
  hint?: string;
  danger?: boolean;
  /** A switch item (Publish as story): the action toggles and the menu stays open. */
  checked?: boolean;
};

function ActionItem({ action, onDone }: { action: TAssetMenuAction; onDone: () => void }) {
  const isSwitch = action.checked !== undefined;
  const item = (
    <MenuItem
      disabled={action.disabled}
      role={isSwitch ? 'menuitemcheckbox' : 'menuitem'}
      aria-checked={isSwitch ? action.checked : undefined}
      onClick={() => {
        if (!isSwitch) onDone();
        action.onSelect();
      }}
      sx={action.danger ? { color: 'error.main' } : undefined}
    >
      <ListItemIcon sx={action.danger ? { color: 'inherit' } : undefined}>{action.icon}</ListItemIcon>
      <ListItemText secondary={action.disabled ? action.hint : undefined}>{action.label}</ListItemText>
      {isSwitch && (
        <Switch
          size="small"
          edge="end"
          checked={action.checked}
          disabled={action.disabled}
          tabIndex={-1}
          slotProps={{ input: { 'aria-hidden': true } }}
          sx={{ ml: 1 }}
        />
      )}
    </MenuItem>
  );
  if (!action.disabled || !action.hint) return item;
  // A disabled item takes no pointer events: the tooltip hangs on a wrapper.
  return (
    <Tooltip title={action.hint} placement="left">
      <div>{item}</div>
    </Tooltip>
  );
}

// spec 3 §2 Video library: the card options (three dots); a bottom sheet at 900 px or less.
export function AssetMenu({ title, actions }: { title: string; actions: TAssetMenuAction[] }) {
  const narrow = useMediaQuery(NARROW_MEDIA);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelClose = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const close = () => {
    cancelClose();
    setAnchor(null);
  };
  const closeLater = () => {
    cancelClose();
    timer.current = setTimeout(() => setAnchor(null), MENU_HOVER_CLOSE_MS);
  };
  useEffect(() => cancelClose, []);
  const items = actions.map((action) => <ActionItem key={action.key} action={action} onDone={close} />);
  const label = `Options for ${title}`;

  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      {narrow ? (
        <Drawer
          anchor="bottom"
          open={Boolean(anchor)}
          onClose={close}
          slotProps={{ paper: { sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, pb: 2, pt: 1 } } }}
        >
          <MenuList autoFocusItem aria-label={label}>
            {items}
          </MenuList>
        </Drawer>
      ) : (
        <Menu
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{
            list: { 'aria-label': label },
            paper: { onMouseLeave: closeLater, onMouseEnter: cancelClose, sx: { minWidth: 220 } },
          }}
        >
          {items}
        </Menu>
      )}
    </>
  );
}
