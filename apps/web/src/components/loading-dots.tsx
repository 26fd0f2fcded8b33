/**
 * Three dots that pulse while something loads, for its place on the page (a figure, a line of
 * text, a button's icon). They only fade, which the browser animates on its compositor; the
 * main thread stays free for the page's code. antd-mobile's DotLoading animates SVG attributes
 * and its SpinLoading a stroke by script, both on the main thread at every frame (styles.css).
 * Hidden from screen readers: the place that waits says so in words (a status or a label).
 */
export function LoadingDots({ light = false }: { light?: boolean }) {
  return (
    <span className={light ? 'app-dots app-dots--light' : 'app-dots'} aria-hidden="true">
      <i />
      <i />
      <i />
    </span>
  );
}
