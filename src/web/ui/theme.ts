// antd's theme of the app (issue 17: colours that meet WCAG 2.1 AA). Used by the ConfigProvider in
// front of every page but the app's own (src/web/ui/antd-setup.tsx) and by antd's static messages.
import type { ThemeConfig } from "antd";

// Colours meet WCAG 2.1 AA (issue 17): antd's blue #1677ff behind white text is 4.1:1, so the
// primary is the slightly deeper #1668dc (5.2:1 under white, 4.8:1 on #f5f5f5); secondary and
// description text (antd: 45 % black, 3.3:1) is 57 % black (5.1:1 on white, 5.0:1 on #f5f5f5).
// A user whose system asks for reduced motion gets none (menus, modals and tabs appear at rest);
// the accessibility suite asks for it too, so colours are measured as the user reads them.
const reducedMotion = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

export const theme: ThemeConfig = {
  token: {
    motion: !reducedMotion,
    colorPrimary: "#1668dc",
    colorLink: "#1668dc",
    colorTextTertiary: "rgba(0, 0, 0, 0.57)",
    colorTextDescription: "rgba(0, 0, 0, 0.57)",
    colorTextPlaceholder: "rgba(0, 0, 0, 0.57)",
    // White on antd's red (#ff4d4f) is 3.3:1; on #cf1322, 5.7:1 (danger buttons, error text).
    colorError: "#cf1322",
    borderRadius: 4,
    fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    Layout: { headerHeight: 64 },
    // Status tags: their text on their light background reaches 4.5:1 (antd's green is 2.2:1).
    Tag: { colorSuccess: "#237804", colorWarning: "#874d00", colorError: "#cf1322", colorInfo: "#1668dc" },
  },
};
