import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component drawn with MUI, loaded with MUI's theme when it is first shown: for the few MUI screens a page
 * without MUI (/sign-in, the root of the app) may need. `fallback` shows meanwhile.
 */
export function lazyThemed<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
) {
  const Themed = lazy(async () => {
    const [{ ThemeRoot }, Inner] = await Promise.all([import('./theme-root.tsx'), load()]);
    return {
      default: (props: P) => (
        <ThemeRoot>
          <Inner {...props} />
        </ThemeRoot>
      ),
    };
  });
  return function LazyThemed(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Themed {...props} />
      </Suspense>
    );
  };
}
