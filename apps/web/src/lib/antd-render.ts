import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * Stands in for antd-mobile's utils/unstable-render (build/antd-shims.ts puts it in its place).
 * antd-mobile's imperative Toast, Dialog and Modal render through it; the original renders with
 * React 18's legacy API (rc-util), which React 19 no longer has, so they showed nothing unless
 * the app set a renderer first (STACK.md trap 1). This one renders with React 19's own roots.
 */
type Render = (node: ReactElement, container: Element | DocumentFragment) => () => Promise<void>;

export const renderWithRoot: Render = (node, container) => {
  const holder = container as (Element | DocumentFragment) & { __reactRoot?: Root };
  holder.__reactRoot ??= createRoot(container);
  holder.__reactRoot.render(node);
  return async () => {
    await Promise.resolve();
    holder.__reactRoot?.unmount();
    delete holder.__reactRoot;
  };
};

let unstableRender: Render = renderWithRoot;

/** antd-mobile's way to give another renderer; the app has no need to. */
export function unstableSetRender(render?: Render): Render {
  if (render) unstableRender = render;
  return unstableRender;
}
