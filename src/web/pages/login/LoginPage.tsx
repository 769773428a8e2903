// The built-in safe-center login (spec §2 /login): username and password; the platform name and
// icon come from the login configuration of this host (fallback 云物业社区管理平台). On success the
// user goes to the redirect target or the workbench. Kept light: no Refine on this route (the auth
// provider is called directly), no antd Typography.
import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Form, Input } from "antd";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { constants } from "../../../../generated/constants.ts";
import { api } from "../../http/api.ts";
import { authProvider } from "../../providers/authProvider.ts";

export const DEFAULT_PLATFORM_NAME = "云物业社区管理平台";

interface LoginConfiguration {
  platformName?: string | null;
  platformIco?: string | null;
}

interface LoginForm {
  username: string;
  password: string;
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [config, setConfig] = useState<LoginConfiguration>({});
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let alive = true;
    api
      .getLoginConfiguration({ query: { domainUrl: window.location.host } }, { silent: true, noAuthRedirect: true })
      .then((data) => {
        if (alive && data) setConfig(data);
      })
      .catch(() => {
        // The fallback title stays.
      });
    return () => {
      alive = false;
    };
  }, []);

  const platformName = config.platformName || DEFAULT_PLATFORM_NAME;
  useEffect(() => {
    document.title = platformName;
  }, [platformName]);

  const onFinish = async (values: LoginForm) => {
    setPending(true);
    try {
      // A failure has been shown by the request wrapper (用户名或密码错误, ...).
      const result = await authProvider.login({ ...values, redirect: params.get("redirect") ?? undefined });
      if (result.redirectTo) navigate(result.redirectTo, { replace: true });
    } finally {
      setPending(false);
    }
  };

  return (
    <div
      style={{
        minHeight: "100vh",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: "linear-gradient(135deg, #0b3a8f 0%, #1677ff 55%, #4fa3ff 100%)",
        padding: 16,
      }}
    >
      <main style={{ width: 400, maxWidth: "100%", background: "#fff", borderRadius: 8, padding: "40px 40px 24px", boxShadow: "0 12px 40px rgba(0,0,0,0.18)" }}>
        <div style={{ textAlign: "center", marginBottom: 32 }}>
          {config.platformIco && <img src={config.platformIco} alt="" style={{ height: 48, marginBottom: 12 }} />}
          <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600, color: "rgba(0,0,0,0.88)" }}>{platformName}</h1>
          <div style={{ marginTop: 4, color: "rgba(0,0,0,0.45)" }}>账号登录</div>
        </div>
        <Form<LoginForm> layout="vertical" size="large" onFinish={onFinish} autoComplete="on" requiredMark={false}>
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: "请输入用户名" }]}>
            <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" autoFocus maxLength={64} />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: "请输入密码" }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" maxLength={128} />
          </Form.Item>
          <Form.Item style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" block loading={pending}>
              登录
            </Button>
          </Form.Item>
        </Form>
        <div style={{ textAlign: "center", fontSize: 12, color: "rgba(0,0,0,0.45)" }}>{constants.version}</div>
      </main>
    </div>
  );
}
