// Entry of the web app. What lets the app's own styles through the Content-Security-Policy comes
// first (csp-styles.ts: before anything adds a style), then the React 19 patch of antd, or antd's
// static message shows nothing. dayjs is set to zh-cn (spec §2: zh_CN only) by src/web/AppRoutes.tsx,
// the chunk in front of every page that uses dates: the login and error pages load no dayjs.
import "./csp-styles.ts";
import "@ant-design/v5-patch-for-react-19";
import "antd/dist/reset.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App.tsx";
import { resumeSessionFromOtherTab, shareSessionWithNewTabs } from "./state/session-share.ts";

const root = document.getElementById("root");
if (!root) throw new Error("no #root element");
// A tab opened beside a signed-in one resumes its session (session-share.ts); the login page never waits.
const onLogin = /^#\/login\b/.test(window.location.hash);
void (onLogin ? Promise.resolve(false) : resumeSessionFromOtherTab()).then(() => {
  shareSessionWithNewTabs();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
