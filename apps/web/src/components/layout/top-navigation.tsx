import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import { topNavItems } from './nav-items.ts';

// spec 1 §2 Shell: the wide-screen navigation; the current area is marked (aria-current="page").
export function TopNavigation({ role }: { role: number | null }) {
  return (
    <Box component="nav" aria-label="Main" sx={{ height: '100%' }}>
      <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, p: 0, height: '100%' }}>
        {topNavItems(role).map((item) => (
          <Box component="li" key={item.to} sx={{ display: 'flex' }}>
            <Box
              component={NavLink}
              to={item.to}
              data-label={item.label}
              sx={{
                position: 'relative',
                display: 'flex',
                alignItems: 'center',
                px: 1.5,
                fontSize: '0.9rem',
                fontWeight: 500,
                color: 'text.secondary',
                textDecoration: 'none',
                borderRadius: 1,
                transition: 'color 120ms',
                '&:hover': { color: 'text.primary' },
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -4 },
                '&.active': { color: 'primary.main', fontWeight: 650 },
                // Reserve the bold width so that the links do not shift when the active one changes.
                '&::before': {
                  content: 'attr(data-label)',
                  fontWeight: 650,
                  visibility: 'hidden',
                  height: 0,
                  overflow: 'hidden',
                  display: 'block',
                },
                flexDirection: 'column',
                justifyContent: 'center',
                '&.active::after': {
                  content: '""',
                  position: 'absolute',
                  left: 12,
                  right: 12,
                  bottom: 0,
                  height: 3,
                  borderRadius: '3px 3px 0 0',
                  bgcolor: 'primary.main',
                },
              }}
            >
              {item.label}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
