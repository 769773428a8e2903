// The app's first screen while the shell's chunks and the signed-in user load: plain markup (no antd),
// so the startup chunk paints it at once instead of a blank page until antd, Refine and the shell have
// come (on a phone on slow 4G, seconds). index.html shows the same before the startup chunk has run;
// its look is src/web/app-loading.css, linked from index.html.
export function AppLoading() {
  return (
    <div className="app-loading" role="status" aria-busy="true">
      加载中...
    </div>
  );
}
