// /error/403 inside the shell (spec §4: a route whose code the user lacks goes to /error/403). A signed-in
// user refused a page keeps the header and the menu, and is offered the way home (the workbench, or the
// first page the user may open) and 退出登录 — also a new account that lands here right after choosing
// its password on a deep link. Without a session the app's own bare error page answers (App.tsx).
import { Button, Result, Space } from "antd";
import { useNavigate } from "react-router";
import { messages } from "../../../generated/errors.ts";
import { HOME_PATH, homePath } from "../providers/authProvider.ts";
import { startLogout } from "./sign-out.ts";
import { useCurrentUser } from "./user.ts";

export default function ForbiddenPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const home = homePath(user.authorityCodes);
  return (
    <div data-testid="forbidden-in-shell" style={{ minHeight: "60vh", display: "flex", alignItems: "center", justifyContent: "center" }}>
      <Result
        status="403"
        title="403"
        subTitle={messages.noModulePermission}
        extra={
          <Space wrap style={{ justifyContent: "center" }}>
            <Button type="primary" onClick={() => void navigate(home, { replace: true })}>
              {home === HOME_PATH ? "返回工作台" : "返回首页"}
            </Button>
            <Button onClick={() => startLogout(user.tenantId)}>退出登录</Button>
          </Space>
        }
      />
    </div>
  );
}
