import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import MonitorHeartOutlinedIcon from '@mui/icons-material/MonitorHeartOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { ReactNode } from 'react';

// spec 1 §2 Shell: help guide, onboarding videos, book an onboarding tour, status page. The spec makes the
// guide, the tour and the status page external links; Hirecast has no public help site or status page yet,
// so they lead to the contact form rather than to a made-up address. Give an entry an `href` (it then
// opens in a new tab) once the real page exists.
type THelpLink = { label: string; icon: ReactNode } & ({ to: string } | { href: string });

const HELP_LINKS: THelpLink[] = [
  { label: 'Help guide', icon: <MenuBookOutlinedIcon fontSize="small" />, to: '/contact-us' },
  { label: 'Onboarding videos', icon: <OndemandVideoOutlinedIcon fontSize="small" />, to: '/onboarding' },
  { label: 'Book an onboarding tour', icon: <EventOutlinedIcon fontSize="small" />, to: '/contact-us' },
  { label: 'Status page', icon: <MonitorHeartOutlinedIcon fontSize="small" />, to: '/contact-us' },
];

export function HelpMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title="Help">
        <IconButton
          aria-label="Help"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, minWidth: 240 } } }}
      >
        {HELP_LINKS.map((link) =>
          'href' in link ? (
            <MenuItem
              key={link.label}
              component="a"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
            >
              <ListItemIcon>{link.icon}</ListItemIcon>
              <ListItemText>{link.label}</ListItemText>
              <OpenInNewIcon
                fontSize="inherit"
                sx={{ color: 'text.secondary', ml: 1 }}
                aria-label="opens in a new tab"
              />
            </MenuItem>
          ) : (
            <MenuItem key={link.label} component={RouterLink} to={link.to} onClick={close}>
              <ListItemIcon>{link.icon}</ListItemIcon>
              <ListItemText>{link.label}</ListItemText>
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
