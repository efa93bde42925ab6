import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { ToastContainer } from 'react-toastify';
import { LIMITS } from '@hirecast/domain/constants';

const GAP = 8;

/**
 * Where the toasts start: under the top bar, so they never cover the menu or the avatar (at 390 px a toast is
 * as wide as the screen), and under the title of an open dialog, so they never cover what the dialog is.
 */
export function toastTop(): number {
  const bar = document.querySelector('header.MuiAppBar-root');
  let top = bar ? bar.getBoundingClientRect().bottom + GAP : 16;
  const dialogs = document.querySelectorAll<HTMLElement>('.MuiDialog-root [role="dialog"]');
  const dialog = dialogs[dialogs.length - 1];
  if (dialog) {
    const labelId = dialog.getAttribute('aria-labelledby');
    const title =
      (labelId ? document.getElementById(labelId) : null) ?? dialog.querySelector('.MuiDialogTitle-root');
    top = Math.max(GAP, (title ?? dialog).getBoundingClientRect().bottom + GAP);
  }
  return Math.round(top);
}

// Errors and warnings interrupt (role=alert); everything else waits its turn (role=status).
function announce(host: HTMLElement) {
  host.querySelectorAll('.Toastify__toast').forEach((toastEl) => {
    const urgent =
      toastEl.classList.contains('Toastify__toast--error') ||
      toastEl.classList.contains('Toastify__toast--warning');
    const body = toastEl.querySelector('.Toastify__toast-body') ?? toastEl;
    const role = urgent ? 'alert' : 'status';
    if (body.getAttribute('role') !== role) body.setAttribute('role', role);
  });
}

/**
 * spec 1 §8: toasts top right, hidden after 4 s, paused on hover; typed success/error/warning/info.
 * They live in their own element at the end of <body>. An open MUI dialog hides everything outside itself from
 * screen readers (aria-hidden on <body>'s other children); a toast is a message about the page, dialog
 * included, so its element stays readable.
 */
export function ToastHost() {
  const [host] = useState(() => {
    const el = document.createElement('div');
    el.dataset.toastHost = '';
    return el;
  });
  const [top, setTop] = useState(16);

  useEffect(() => {
    document.body.appendChild(host);
    const sync = () => {
      if (host.hasAttribute('aria-hidden')) host.removeAttribute('aria-hidden');
      announce(host);
      setTop(toastTop());
    };
    sync();
    // Dialogs mount as children of <body>; toasts inside the host.
    const bodyObserver = new MutationObserver(sync);
    bodyObserver.observe(document.body, { childList: true });
    const hostObserver = new MutationObserver(sync);
    hostObserver.observe(host, {
      attributes: true,
      attributeFilter: ['aria-hidden'],
      childList: true,
      subtree: true,
    });
    window.addEventListener('resize', sync);
    return () => {
      bodyObserver.disconnect();
      hostObserver.disconnect();
      window.removeEventListener('resize', sync);
      host.remove();
    };
  }, [host]);

  return createPortal(
    <ToastContainer
      position="top-right"
      autoClose={LIMITS.toastMs}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick
      newestOnTop
      theme="light"
      style={{ top }}
      toastStyle={{ fontFamily: 'inherit', fontSize: '0.9rem', borderRadius: 8 }}
    />,
    host,
  );
}
