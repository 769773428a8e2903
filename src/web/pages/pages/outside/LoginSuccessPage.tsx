// 登录成功 (/loginSuccess, public): where an outside safe-center login returns to. With a session it
// greets the user and opens their home page after 3 seconds (or at once with the button); without
// one it says so and offers the login page.
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { Button, Card, Result } from "antd";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { homePath, loadCurrentUser, LOGIN_PATH } from "../../../providers/authProvider.ts";
import { getAuthorities, hasSession } from "../../../state/session.ts";
import { OutsideLayout } from "../../../ui/OutsideLayout.tsx";
import { displayName } from "./display-name.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export const REDIRECT_SECONDS = 3;

export default function LoginSuccessPage() {
  const pageTitle = useRouteTitle();
  const navigate = useNavigate();
  const [name, setName] = useState<string | null>(null);
  const [failed, setFailed] = useState(!hasSession());
  const [left, setLeft] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    if (failed) return;
    loadCurrentUser()
      .then((me) => setName(displayName(me)))
      .catch(() => setFailed(true));
  }, [failed]);

  useEffect(() => {
    if (!name) return;
    if (left <= 0) {
      void navigate(homePath(getAuthorities()), { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [name, left, navigate]);

  return (
    <OutsideLayout title={pageTitle}>
      <Card style={{ maxWidth: 560, margin: "40px auto" }}>
        {failed ? (
          <Result
            status="warning"
            title="登录状态已失效"
            subTitle="请重新登录"
            extra={
              <Button type="primary" onClick={() => navigate(LOGIN_PATH, { replace: true })}>
                去登录
              </Button>
            }
          />
        ) : (
          <Result
            status="success"
            title="登录成功"
            subTitle={name ? fillTexts.webPages.welcome({ name, seconds: left }) : "正在读取用户信息…"}
            extra={
              <Button type="primary" disabled={!name} onClick={() => navigate(homePath(getAuthorities()), { replace: true })}>
                立即进入
              </Button>
            }
          />
        )}
      </Card>
    </OutsideLayout>
  );
}
