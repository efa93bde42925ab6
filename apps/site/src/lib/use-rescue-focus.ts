import { useEffect, useRef, type RefObject } from 'react';

/**
 * When `key` changes and the change removed the focused control (a file input replaced by its upload status,
 * a Cancel button replaced by Delete), focus would fall to the page body and keyboard users lose their place:
 * move it to `target` instead. Nothing happens on mount.
 */
export function useRescueFocus(target: RefObject<HTMLElement | null>, key: unknown) {
  const previous = useRef(key);
  useEffect(() => {
    if (Object.is(previous.current, key)) return;
    previous.current = key;
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, [target, key]);
}
