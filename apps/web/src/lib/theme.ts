import { createTheme } from '@mui/material/styles';
import { DEFAULT_PRIMARY_COLOR } from '@hirecast/domain/constants';

// No web fonts: the product must run without outside networks, and the system UI font reads well everywhere.
const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Noto Sans"',
  'Arial',
  'sans-serif',
].join(',');

export const theme = createTheme({
  // spec 1 §9: 600 px (mobile) and 900 px (narrow) are MUI's sm and md.
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  shape: { borderRadius: 8 },
  // WCAG 2.3.3: a person whose system asks for less motion gets none from MUI — spinners, bars and skeletons
  // stand still, transitions are immediate. It also spares a machine running the e2e suite (which asks for it) a
  // tenth of a core for every spinner on screen.
  motion: { reducedMotion: 'system' },
  palette: {
    mode: 'light',
    primary: { main: DEFAULT_PRIMARY_COLOR, light: '#6B7872', dark: '#2E3733', contrastText: '#FFFFFF' },
    secondary: { main: '#B4684A', light: '#CF8F74', dark: '#8A4C34', contrastText: '#FFFFFF' },
    background: { default: '#F5F6F4', paper: '#FFFFFF' },
    text: { primary: '#1E2522', secondary: '#5B6661' },
    divider: '#E2E5E2',
    success: { main: '#2E7D5B' },
    warning: { main: '#B7791F' },
    error: { main: '#C0392B' },
    info: { main: '#3A6EA5' },
  },
  typography: {
    fontFamily,
    h1: { fontSize: '2.25rem', fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.2 },
    h2: { fontSize: '1.875rem', fontWeight: 700, letterSpacing: '-0.015em', lineHeight: 1.25 },
    h3: { fontSize: '1.5rem', fontWeight: 650, letterSpacing: '-0.01em', lineHeight: 1.3 },
    h4: { fontSize: '1.25rem', fontWeight: 650, lineHeight: 1.35 },
    h5: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.4 },
    h6: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.4 },
    subtitle1: { fontWeight: 500 },
    body1: { fontSize: '0.9375rem', lineHeight: 1.6 },
    body2: { fontSize: '0.875rem', lineHeight: 1.55 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    overline: { fontWeight: 600, letterSpacing: '0.08em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        // A clear focus ring for keyboard users only.
        ':focus-visible': { outline: `2px solid ${DEFAULT_PRIMARY_COLOR}`, outlineOffset: 2 },
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    // The hint under a field that is switched off still explains why, so it keeps a readable contrast
    // (WCAG 1.4.3; MUI's disabled grey is 2.7:1 on white).
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 8, paddingInline: 16 },
        sizeLarge: { paddingBlock: 10, fontSize: '0.9375rem' },
      },
    },
    MuiIconButton: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `2px solid ${DEFAULT_PRIMARY_COLOR}`, outlineOffset: 2 },
        },
      },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: { borderColor: '#E2E5E2' } },
    },
    MuiMenu: {
      styleOverrides: {
        paper: { border: '1px solid #E2E5E2', boxShadow: '0 8px 24px rgba(30, 37, 34, 0.12)' },
      },
    },
    MuiMenuItem: {
      styleOverrides: { root: { fontSize: '0.9rem', minHeight: 40, borderRadius: 6, marginInline: 6 } },
    },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
