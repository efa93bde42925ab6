import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';

// react-toastify 11 injects its own stylesheet, so no CSS import is needed. The toasts load after the page, and
// not at all on /sign-in: that page says its failures on the page (decision 023) and has a JavaScript budget
// (decision 035, bench/bundle-size.mjs), so it downloads no toast library. The first other page mounts the
// host, and it stays. A toast raised before the host is in is queued by react-toastify and shown once it mounts.
const ToastHost = lazy(() => import('./toast-host.tsx').then((m) => ({ default: m.ToastHost })));

const WITHOUT_TOASTS = new Set(['/sign-in']);

export function ToastSlot() {
  const { pathname } = useLocation();
  const [mounted, setMounted] = useState(false);
  if (!mounted && !WITHOUT_TOASTS.has(pathname)) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
