// The app's notices drawn by antd's static message (with the app's locale, theme and nonce:
// antd-setup.tsx): imported by the chunk in front of every page but the login and error pages
// (src/web/AppRoutes.tsx), it sets them for ui/notices.ts, which the startup chunk imports without antd.
import "./antd-setup.tsx";
import { message } from "antd";
import { setNotices, type Notices } from "./notices.ts";

const LOADING_KEY = "neptune-request-loading";
let loadingCount = 0;

const antdNotices: Notices = {
  error: (text) => void message.error(text),
  success: (text) => void message.success(text),
  // One loading mask however many calls run: it goes when the last of them ends.
  loading: (text) => {
    loadingCount += 1;
    if (loadingCount === 1) void message.loading({ key: LOADING_KEY, content: text, duration: 0 });
    let hidden = false;
    return () => {
      if (hidden) return;
      hidden = true;
      loadingCount -= 1;
      if (loadingCount === 0) message.destroy(LOADING_KEY);
    };
  },
};

setNotices(antdNotices);
