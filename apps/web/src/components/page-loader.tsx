import './page-loader.css';

/** MUI's CircularProgress look (44-unit circle, `thickness` of its stroke), without MUI. */
export function Spinner({
  size = 40,
  thickness = 3.6,
  label,
}: {
  size?: number;
  thickness?: number;
  label?: string;
}) {
  return (
    <span
      className="hc-spinner"
      role={label ? 'progressbar' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ width: size, height: size }}
    >
      <svg viewBox="22 22 44 44" width={size} height={size}>
        <circle cx="44" cy="44" r={(44 - thickness) / 2} fill="none" strokeWidth={thickness} />
      </svg>
    </span>
  );
}

// Shown while a route's data or code is loading. `fullScreen` centres it in the viewport (no shell yet). Plain
// HTML and CSS: it is the first thing /sign-in shows, and that page loads no MUI (decision 035).
export function PageLoader({
  fullScreen = false,
  label = 'Loading',
}: {
  fullScreen?: boolean;
  label?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={fullScreen ? 'hc-loader hc-loader--full' : 'hc-loader'}>
      <Spinner size={36} thickness={4} label={label} />
    </div>
  );
}

// react-router's HydrateFallback: the first screen while the initial route's code loads.
export function HydrateFallback() {
  return <PageLoader fullScreen />;
}
