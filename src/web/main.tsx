// Entry of the web app. What lets the app's own styles through the Content-Security-Policy comes
// first (csp-styles.ts: before anything adds a style). antd (the React 19 patch, reset.css, the
// ConfigProvider) and dayjs in zh-cn (spec §2: zh_CN only) come with src/web/AppRoutes.tsx, the chunk
// in front of every page but the login and error pages, which load neither.
import "./csp-styles.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App, { preloadShellPage } from "./App.tsx";
import { hasSession } from "./state/session.ts";
import { resumeSessionFromOtherTab, shareSessionWithNewTabs } from "./state/session-share.ts";

const root = document.getElementById("root");
if (!root) throw new Error("no #root element");
// A tab opened beside a signed-in one resumes its session (session-share.ts); the login page never waits.
const onLogin = /^#\/login\b/.test(window.location.hash);
void (onLogin ? Promise.resolve(false) : resumeSessionFromOtherTab()).then(() => {
  shareSessionWithNewTabs();
  // The app's own pages (login, errors) need neither the route table nor the shell.
  if (hasSession() && !/^#\/(login|error)\b/.test(window.location.hash)) preloadShellPage();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
