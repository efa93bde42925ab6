// The Hirecast mark: a rounded frame with a play triangle (video) and the wordmark beside it. Plain SVG and
// inline styles: /sign-in shows it and loads no MUI (decision 035).
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" style={{ flexShrink: 0 }}>
      <rect width="32" height="32" rx="8" fill="#44504B" />
      <path
        d="M12.5 10.2v11.6a.8.8 0 0 0 1.2.7l9.3-5.8a.8.8 0 0 0 0-1.4l-9.3-5.8a.8.8 0 0 0-1.2.7Z"
        fill="#F5F6F4"
      />
      <circle cx="25" cy="7" r="2.4" fill="#CF8F74" />
    </svg>
  );
}

export function Wordmark({ size = 28 }: { size?: number }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <LogoMark size={size} />
      <span
        style={{
          fontWeight: 700,
          fontSize: size * 0.68,
          letterSpacing: '-0.02em',
          color: '#1E2522',
          lineHeight: 1,
        }}
      >
        Hirecast
      </span>
    </span>
  );
}
