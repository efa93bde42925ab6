import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { TManager } from '@hirecast/domain/auth';
import { ROLE_LABELS, ROLES, type TRole } from '@hirecast/domain/constants';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useOpenBillingPortal, useSubscription } from '../../lib/billing.ts';
import { initialsOf, truncate } from './initials.ts';
import { useLogOut } from './use-log-out.ts';
import { useSwitchCompany } from './use-switch-company.ts';
import { visuallyHidden } from '../visually-hidden.ts';

// spec 1 §9: company names are cut at 25 characters in this menu; the list scrolls past 200 px.
const COMPANY_NAME_MAX = 25;
const COMPANIES_MAX_HEIGHT = 200;

export function UserAvatar({ me, size = 36 }: { me: TManager; size?: number }) {
  return (
    <Avatar
      src={me.avatar ?? undefined}
      alt=""
      sx={{ width: size, height: size, fontSize: size * 0.4, fontWeight: 600, bgcolor: 'primary.main' }}
    >
      {initialsOf(me)}
    </Avatar>
  );
}

function CompanyBadge({ name, logo }: { name: string; logo: string | null }) {
  return (
    <Avatar
      src={logo ?? undefined}
      alt=""
      variant="rounded"
      sx={{
        width: 24,
        height: 24,
        fontSize: 12,
        bgcolor: 'secondary.light',
        color: 'secondary.contrastText',
      }}
    >
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

export function ProfileMenu({ me }: { me: TManager }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const logOut = useLogOut();
  const switchCompany = useSwitchCompany();
  const close = () => setAnchor(null);
  const isAdmin = me.role === ROLES.admin;
  const { data: billing } = useSubscription(isAdmin ? me._company : null);
  const canManageBilling = isAdmin && Boolean(billing?.canManageBilling);
  const portal = useOpenBillingPortal();

  const current = me._companies.find((c) => c._id === me._company);
  const others = me._companies.filter((c) => c._id !== me._company);
  const name = `${me.firstName} ${me.lastName}`.trim() || me.email;

  return (
    <>
      <IconButton
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.5 }}
      >
        {/* The name comes from the content: the initials are a picture of it, so the button's name does not
            have to contain them (axe: label-content-name-mismatch). */}
        <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex' }}>
          <UserAvatar me={me} />
        </Box>
        <Box component="span" sx={visuallyHidden}>{`Profile menu for ${name}`}</Box>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { mt: 1, width: 300, maxWidth: 'calc(100vw - 24px)' } },
          list: { dense: false },
        }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <UserAvatar me={me} size={44} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 650 }} noWrap>
              {name}
            </Typography>
            {current && (
              <Typography variant="body2" color="text.secondary" noWrap title={current.name}>
                {current.name}
              </Typography>
            )}
            {me.role !== null && (
              <Chip
                label={ROLE_LABELS[me.role as TRole]}
                size="small"
                variant="outlined"
                sx={{ mt: 0.5, height: 22, fontSize: 12 }}
              />
            )}
          </Box>
        </Box>
        {/* spec 1 §2 Shell, spec 2 §6: 'Billing management' for the top role with an active subscription. */}
        {canManageBilling && <Divider />}
        {canManageBilling && (
          <MenuItem
            onClick={() => {
              close();
              portal.mutate();
            }}
          >
            <ListItemIcon>
              <CreditCardOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Billing management</ListItemText>
          </MenuItem>
        )}
        {others.length > 0 && <Divider />}
        {others.length > 0 && (
          <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'transparent', fontSize: 12 }}>
            Switch company
          </ListSubheader>
        )}
        {others.length > 0 && (
          <Box
            role="group"
            aria-label="Your other companies"
            sx={{ maxHeight: COMPANIES_MAX_HEIGHT, overflowY: 'auto' }}
          >
            {others.map((company) => (
              <MenuItem
                key={company._id}
                title={company.name.length > COMPANY_NAME_MAX ? company.name : undefined}
                onClick={() => {
                  close();
                  void switchCompany(company._id);
                }}
              >
                <ListItemIcon aria-hidden="true">
                  <CompanyBadge name={company.name} logo={company.logo} />
                </ListItemIcon>
                <ListItemText
                  primary={truncate(company.name, COMPANY_NAME_MAX)}
                  // Each company with the person's role in it (spec 1 §2 Shell: company, role).
                  secondary={ROLE_LABELS[company.role as TRole]}
                  slotProps={{ secondary: { sx: { fontSize: 12 } } }}
                />
              </MenuItem>
            ))}
          </Box>
        )}
        <Divider />
        <MenuItem component={RouterLink} to="/company/new" onClick={close}>
          <ListItemIcon>
            <AddBusinessOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Add another company</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/settings" onClick={close}>
          <ListItemIcon>
            <SettingsOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Settings</ListItemText>
        </MenuItem>
        {/* spec 2 §6: viewers cannot open plans. */}
        {me.role !== null && me.role !== ROLES.viewer && (
          <MenuItem component={RouterLink} to="/plans" onClick={close}>
            <ListItemIcon>
              <WorkspacePremiumOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Plans</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Log out</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
