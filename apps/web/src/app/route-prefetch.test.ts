import { describe, expect, it } from 'vitest';
import { appRoutes } from './routes';
import { formatsDatesAsDrawn, routePrefetch } from './route-prefetch';

describe('what the app does ahead for the page opened', () => {
  const routePaths = new Set(appRoutes.map((route) => route.path));

  it('names only pages the app has, so none is left out by a path that moved', () => {
    for (const path of [...formatsDatesAsDrawn.keys(), ...Object.keys(routePrefetch)]) {
      expect(routePaths, path).toContain(path);
    }
  });
});
