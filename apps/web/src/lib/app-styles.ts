/**
 * Switches on the stylesheets index.html loads without blocking its boot screen
 * (build/styles-after-boot.ts) and resolves once they apply, so the app never draws unstyled.
 * In development there are none: the styles come with the modules.
 */
export function appStylesReady(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-styles]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const loaded = link.sheet !== null;
          link.media = 'all';
          if (loaded) return resolve();
          // A stylesheet that cannot load must not keep the app from starting.
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}
