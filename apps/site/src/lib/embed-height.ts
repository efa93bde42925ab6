import { useEffect } from 'react';
import { EMBED_HEIGHT_MESSAGE, EMBED_PING_MESSAGE } from '@hirecast/domain/company-page-rules';

/** The page's content height: #root, which holds everything the page shows (no min-height in embed mode). */
export const contentHeight = () =>
  Math.ceil((document.getElementById('root') ?? document.body).getBoundingClientRect().height);

/**
 * Issue 15 embed mode: tells the parent window the page's height whenever it changes, as
 * `{type: 'hirecast:height', height}` (docs/company-page.md), and again when the host's script asks
 * (`{type: 'hirecast:ping'}`). Only the height is sent, so any parent may hear it.
 */
export function useEmbedHeight(enabled: boolean) {
  useEffect(() => {
    if (!enabled || window.parent === window) return;
    let last = -1;
    const post = (force = false) => {
      const height = contentHeight();
      if (!force && height === last) return;
      last = height;
      window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height }, '*');
    };
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (
        event.source === window.parent &&
        typeof data === 'object' &&
        data !== null &&
        (data as { type?: unknown }).type === EMBED_PING_MESSAGE
      )
        post(true);
    };
    const onLoad = () => post();
    const observer = new ResizeObserver(() => post());
    observer.observe(document.getElementById('root') ?? document.body);
    window.addEventListener('message', onMessage);
    window.addEventListener('load', onLoad);
    post();
    return () => {
      observer.disconnect();
      window.removeEventListener('message', onMessage);
      window.removeEventListener('load', onLoad);
    };
  }, [enabled]);
}
