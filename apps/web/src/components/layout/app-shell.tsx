import { useState } from 'react';
import { Link as RouterLink, Outlet, useNavigation } from 'react-router';
import type { TManager } from '@hirecast/domain/auth';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { useMe } from '../../lib/me.ts';
import { PageLoader } from '../page-loader.tsx';
import { Wordmark } from '../wordmark.tsx';
import { HelpMenu } from './help-menu.tsx';
import { MAX_PAGE_WIDTH, NARROW_MEDIA, WIDE_MEDIA } from './layout-constants.ts';
import { PaymentFailedBanner } from './payment-failed-banner.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { SideNavigation } from './side-navigation.tsx';
import { TopNavigation } from './top-navigation.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

const SHELL_HEIGHT = 64;

// spec 1 §2 Shell: the frame of every private page. The route guard renders it only once `me` is loaded.
export function AppShell() {
  const { data: me } = useMe();
  if (!me) return <PageLoader fullScreen />;
  return <Shell me={me} />;
}

function Shell({ me }: { me: TManager }) {
  const [sideOpen, setSideOpen] = useState(false);
  const navigation = useNavigation();
  const hasCompany = me._companies.length > 0;

  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <AppBar position="sticky" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar
          disableGutters
          sx={{
            width: '100%',
            maxWidth: MAX_PAGE_WIDTH,
            mx: 'auto',
            px: { xs: 1.5, sm: 3 },
            minHeight: { xs: SHELL_HEIGHT },
            gap: 1,
          }}
        >
          <IconButton
            aria-label="Open navigation"
            onClick={() => setSideOpen(true)}
            edge="start"
            sx={{ [`@media ${WIDE_MEDIA}`]: { display: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Link
            component={RouterLink}
            to={hasCompany ? '/jobs' : '/company/new'}
            aria-label="Hirecast home"
            underline="none"
            sx={{ display: 'inline-flex', mr: 3, borderRadius: 1 }}
          >
            <Wordmark />
          </Link>
          {hasCompany && (
            <Box sx={{ alignSelf: 'stretch', [`@media ${NARROW_MEDIA}`]: { display: 'none' } }}>
              <TopNavigation role={me.role} />
            </Box>
          )}
          <Box sx={{ flex: 1 }} />
          <HelpMenu />
          <ProfileMenu me={me} />
        </Toolbar>
        {navigation.state === 'loading' && (
          <LinearProgress
            aria-label="Loading page"
            sx={{ position: 'absolute', left: 0, right: 0, bottom: -1, height: 2 }}
          />
        )}
      </AppBar>
      <SideNavigation me={me} open={sideOpen} onClose={() => setSideOpen(false)} />
      <VerifyEmailBanner me={me} />
      {hasCompany && <PaymentFailedBanner me={me} />}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flex: 1,
          width: '100%',
          maxWidth: MAX_PAGE_WIDTH,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: { xs: 3, md: 4 },
          outline: 'none',
        }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
