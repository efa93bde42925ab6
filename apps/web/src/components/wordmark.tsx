import Box from '@mui/material/Box';

// The Hirecast mark: a rounded frame with a play triangle (video) and the wordmark beside it.
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      sx={{ flexShrink: 0 }}
    >
      <rect width="32" height="32" rx="8" fill="#44504B" />
      <path
        d="M12.5 10.2v11.6a.8.8 0 0 0 1.2.7l9.3-5.8a.8.8 0 0 0 0-1.4l-9.3-5.8a.8.8 0 0 0-1.2.7Z"
        fill="#F5F6F4"
      />
      <circle cx="25" cy="7" r="2.4" fill="#CF8F74" />
    </Box>
  );
}

export function Wordmark({ size = 28 }: { size?: number }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <LogoMark size={size} />
      <Box
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: size * 0.68,
          letterSpacing: '-0.02em',
          color: 'text.primary',
          lineHeight: 1,
        }}
      >
        Hirecast
      </Box>
    </Box>
  );
}
