import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile's imperative Toast/Dialog/Modal render nothing on React 19 without this
 * (STACK.md trap 1). Call once before the first toast.
 */
export function enableAntdImperativeRender(): void {
  unstableSetRender((node, container) => {
    const holder = container as Element & { __reactRoot?: Root };
    holder.__reactRoot ??= createRoot(container);
    holder.__reactRoot.render(node);
    return async () => {
      await Promise.resolve();
      holder.__reactRoot?.unmount();
      delete holder.__reactRoot;
    };
  });
}
