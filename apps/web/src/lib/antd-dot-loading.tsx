import type { CSSProperties } from 'react';

/** The colours antd-mobile's DotLoading takes by name; any other is a CSS colour. */
const NAMED: Partial<Record<string, string>> = {
  default: 'var(--adm-color-weak)',
  primary: 'var(--adm-color-primary)',
  white: 'var(--adm-color-white)',
};

/**
 * Stands in for antd-mobile's DotLoading (build/antd-shims.ts puts it in its place): the dots of
 * a Button's `loading` and of InfiniteScroll. The original animates SVG attributes, redrawn on
 * the main thread at every frame; these are the app's dots (components/loading-dots.tsx), which
 * only fade, on the compositor. A Button passes `currentColor`, so they take its text's colour.
 */
export function DotLoading({ color = 'default' }: { color?: string }) {
  const style = { '--app-dots-color': NAMED[color] ?? color } as CSSProperties;
  return (
    <span className="app-dots app-dots--coloured" style={style} aria-hidden="true">
      <i />
      <i />
      <i />
    </span>
  );
}

export default DotLoading;
