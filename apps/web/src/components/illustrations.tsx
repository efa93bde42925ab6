import Box from '@mui/material/Box';

// Small inline illustrations in the brand colours; decorative, so hidden from assistive technology.

export function LostIllustration() {
  return (
    <Box
      component="svg"
      viewBox="0 0 200 140"
      sx={{ width: { xs: 160, sm: 200 }, height: 'auto' }}
      aria-hidden="true"
    >
      <ellipse cx="100" cy="124" rx="78" ry="8" fill="#E2E5E2" />
      <rect x="34" y="22" width="132" height="88" rx="12" fill="#FFFFFF" stroke="#44504B" strokeWidth="3" />
      <rect x="34" y="22" width="132" height="18" rx="12" fill="#44504B" />
      <rect x="34" y="32" width="132" height="8" fill="#44504B" />
      <circle cx="46" cy="31" r="3" fill="#CF8F74" />
      <circle cx="56" cy="31" r="3" fill="#F5F6F4" />
      <circle cx="66" cy="31" r="3" fill="#F5F6F4" />
      <text
        x="100"
        y="86"
        textAnchor="middle"
        fontSize="34"
        fontWeight="700"
        fill="#44504B"
        fontFamily="system-ui, sans-serif"
      >
        404
      </text>
      <circle cx="158" cy="104" r="16" fill="#F5F6F4" stroke="#B4684A" strokeWidth="3" />
      <path d="M170 116l12 12" stroke="#B4684A" strokeWidth="5" strokeLinecap="round" />
    </Box>
  );
}

export function BuildingIllustration() {
  return (
    <Box
      component="svg"
      viewBox="0 0 200 140"
      sx={{ width: { xs: 150, sm: 180 }, height: 'auto' }}
      aria-hidden="true"
    >
      <ellipse cx="100" cy="126" rx="80" ry="8" fill="#E2E5E2" />
      <rect x="40" y="30" width="120" height="84" rx="10" fill="#FFFFFF" stroke="#44504B" strokeWidth="3" />
      <rect x="52" y="44" width="56" height="10" rx="5" fill="#44504B" />
      <rect x="52" y="62" width="96" height="8" rx="4" fill="#E2E5E2" />
      <rect x="52" y="76" width="80" height="8" rx="4" fill="#E2E5E2" />
      <rect x="52" y="90" width="44" height="12" rx="6" fill="#CF8F74" />
      <path d="M128 18l34 34" stroke="#B4684A" strokeWidth="6" strokeLinecap="round" />
      <path d="M118 14l16-6 10 10-6 16z" fill="#44504B" />
      <circle cx="166" cy="56" r="5" fill="#B4684A" />
    </Box>
  );
}

export function ErrorIllustration() {
  return (
    <Box
      component="svg"
      viewBox="0 0 200 140"
      sx={{ width: { xs: 140, sm: 170 }, height: 'auto' }}
      aria-hidden="true"
    >
      <ellipse cx="100" cy="126" rx="70" ry="8" fill="#E2E5E2" />
      <path d="M100 18l64 104H36z" fill="#FFFFFF" stroke="#44504B" strokeWidth="3" strokeLinejoin="round" />
      <rect x="96" y="52" width="8" height="40" rx="4" fill="#B4684A" />
      <circle cx="100" cy="104" r="5" fill="#B4684A" />
    </Box>
  );
}
