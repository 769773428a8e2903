// antd for the app: the React 19 patch (without it antd's static message shows nothing), antd's
// reset.css, and the ConfigProvider with the zh_CN locale, the theme (ui/theme.ts) and the page's
// style nonce (csp-styles.ts), for the pages and for antd's static messages. Not part of the startup
// chunk: the login page and /error/:type are plain markup. The chunk every other path loads
// (src/web/AppRoutes.tsx) imports this module first; the request wrapper's messages load it with
// them (ui/notices.ts) when one shows before that.
import "@ant-design/v5-patch-for-react-19";
import "antd/dist/reset.css";
import { ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import type { ReactNode } from "react";
import { cspNonce } from "../csp-styles.ts";
import { theme } from "./theme.ts";

// antd's run-time styles carry the page's style nonce (csp-styles.ts).
const csp = { nonce: cspNonce };

// Static antd messages (the request wrapper's, the pages') get the same locale, theme and nonce.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={theme} csp={csp}>
      {children}
    </ConfigProvider>
  ),
});

/** antd's locale, theme and style nonce for everything inside. */
export function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} csp={csp}>
      {children}
    </ConfigProvider>
  );
}
