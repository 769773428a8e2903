// 密钥登录 (/open/key, public; spec §4): another application opens the platform with a user's
// one-time key (?key=<ticket from getTicket>). The page exchanges it for a session
// (POST /api/auth/homepage/actions/keyLogin), sets the key-open flag — while it is set, the
// navigation guards keep the user on this page (spec §4) — and shows who signed in; 进入平台
// clears the flag and opens the user's home page. A key can also be pasted in.
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { KeyOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { Button, Card, Form, Input, Result } from "antd";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { constants } from "../../../../../generated/constants.ts";
import { errorCodes } from "../../../../../generated/errors.ts";
import { queries } from "../../../http/query-client.ts";
import { requestErrorText } from "../../../http/request.ts";
import { homePath, loadCurrentUser } from "../../../providers/authProvider.ts";
import { clearSession, getAuthorities, hasSession, saveLogin, type LoginResult } from "../../../state/session.ts";
import { local } from "../../../state/storage.ts";
import { OutsideLayout } from "../../../ui/OutsideLayout.tsx";
import { displayName } from "./display-name.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

const KEY_OPEN = constants.storageKeys.keyOpen;

export default function OpenKeyPage() {
  const pageTitle = useRouteTitle();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [user, setUser] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const keyLogin = useMutation(queries.keyLogin.mutationOptions({ silent: true }));
  const [pending, setPending] = useState(false);
  const tried = useRef(false);

  const signIn = async (key: string) => {
    setPending(true);
    setFailed(null);
    try {
      const result: LoginResult = await keyLogin.mutateAsync({ body: { key: key.trim() } });
      clearSession();
      saveLogin(result);
      local().setItem(KEY_OPEN, "true");
      const me = await loadCurrentUser({ force: true });
      setUser(displayName(me));
    } catch (error) {
      setFailed(requestErrorText(error, errorCodes.INVALID_KEY.message));
    } finally {
      setPending(false);
    }
  };

  useEffect(() => {
    const key = params.get("key") ?? params.get("ticket");
    if (key && !tried.current) {
      tried.current = true;
      void signIn(key);
    } else if (!key && hasSession() && local().getItem(KEY_OPEN) === "true") {
      void loadCurrentUser()
        .then((me) => setUser(displayName(me)))
        .catch(() => undefined);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const enter = () => {
    local().removeItem(KEY_OPEN);
    void navigate(homePath(getAuthorities()), { replace: true });
  };

  return (
    <OutsideLayout title={pageTitle}>
      <Card style={{ maxWidth: 480, margin: "40px auto" }}>
        {user ? (
          <Result
            status="success"
            title="密钥验证成功"
            subTitle={fillTexts.webPages.currentUser({ user })}
            extra={
              <Button type="primary" onClick={enter}>
                进入平台
              </Button>
            }
          />
        ) : (
          <Form layout="vertical" onFinish={(v: { key: string }) => void signIn(v.key)}>
            {failed && <Result status="error" title={failed} style={{ padding: 16 }} />}
            <Form.Item name="key" label="访问密钥" rules={[{ required: true, whitespace: true, message: "请输入访问密钥" }]}>
              <Input prefix={<KeyOutlined />} placeholder="请输入或粘贴访问密钥" autoComplete="off" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={pending}>
              登录
            </Button>
          </Form>
        )}
      </Card>
    </OutsideLayout>
  );
}
