import { lazy, useState, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * `React.lazy` that draws at once when its code has already arrived. React.lazy suspends on its
 * first render even then, so the page opened first would show the loading fallback and wait out
 * React's reveal throttle (300 ms) although main.tsx had its code in hand before the first render.
 * `preload()` starts (or joins) the download; a failed download may be tried again.
 */
export function preloadedLazy<P extends object>(load: () => Promise<Module<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Preloaded(props: P) {
    // Chosen once: switching from the lazy wrapper to the component would remount the page.
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
