// Entry of the web app. The React 19 patch of antd comes first, or antd's static message shows
// nothing; then dayjs in zh-cn (spec §2: zh_CN only).
import "@ant-design/v5-patch-for-react-19";
import "antd/dist/reset.css";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App.tsx";

dayjs.locale("zh-cn");

const root = document.getElementById("root");
if (!root) throw new Error("no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
