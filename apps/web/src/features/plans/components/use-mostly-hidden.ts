import { useEffect, useState, type RefObject } from 'react';

// spec 2 §2 Plans: the plans section is observed at a 0.2 visibility threshold; once less than a fifth of it
// is on screen (the person is reading the features table), the page offers a "Change plan" button back to it.
export const PLANS_VISIBILITY_THRESHOLD = 0.2;

export function useMostlyHidden(ref: RefObject<Element | null>, threshold = PLANS_VISIBILITY_THRESHOLD) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setHidden(entry.intersectionRatio < threshold);
      },
      { threshold: [0, threshold] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold]);
  return hidden;
}
