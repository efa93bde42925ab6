import { NavLink } from 'react-router';
import type { TManager } from '@hirecast/domain/auth';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AnalyticsOutlinedIcon from '@mui/icons-material/AnalyticsOutlined';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import CloseIcon from '@mui/icons-material/Close';
import LogoutIcon from '@mui/icons-material/Logout';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import VideoLibraryOutlinedIcon from '@mui/icons-material/VideoLibraryOutlined';
import WorkOutlineIcon from '@mui/icons-material/WorkOutlineOutlined';
import type { ReactNode } from 'react';
import { Wordmark } from '../wordmark.tsx';
import { sideNavItems } from './nav-items.ts';
import { UserAvatar } from './profile-menu.tsx';
import { useLogOut } from './use-log-out.ts';

const ICONS: Record<string, ReactNode> = {
  '/employer': <ApartmentOutlinedIcon />,
  '/jobs': <WorkOutlineIcon />,
  '/content': <VideoLibraryOutlinedIcon />,
  '/analytics': <AnalyticsOutlinedIcon />,
  '/settings': <SettingsOutlinedIcon />,
  '/onboarding': <OndemandVideoOutlinedIcon />,
};

// spec 1 §2 Shell: the side navigation on 900 px and under, opened by the burger.
export function SideNavigation({ me, open, onClose }: { me: TManager; open: boolean; onClose: () => void }) {
  const logOut = useLogOut();
  const hasCompany = me._companies.length > 0;
  const company = me._companies.find((c) => c._id === me._company);
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 288, maxWidth: '85vw' }, 'aria-label': 'Navigation' } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Wordmark />
        <IconButton aria-label="Close navigation" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, pb: 2 }}>
        <UserAvatar me={me} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {`${me.firstName} ${me.lastName}`.trim() || me.email}
          </Typography>
          {company && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {company.name}
            </Typography>
          )}
        </Box>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main" sx={{ flex: 1, overflowY: 'auto' }}>
        <List sx={{ px: 1 }}>
          {hasCompany &&
            sideNavItems(me.role).map((item) => (
              <ListItemButton
                key={item.to}
                component={NavLink}
                to={item.to}
                onClick={onClose}
                sx={{
                  borderRadius: 2,
                  mb: 0.25,
                  '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 600 },
                  '&.active .MuiListItemIcon-root': { color: 'primary.main' },
                }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[item.to]}</ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
        </List>
      </Box>
      <Divider />
      <List sx={{ px: 1 }}>
        <ListItemButton
          sx={{ borderRadius: 2 }}
          onClick={() => {
            onClose();
            void logOut();
          }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText primary="Log out" />
        </ListItemButton>
      </List>
    </Drawer>
  );
}
