// The built-in safe-center login (spec §2 /login): username and password; the platform name and
// icon come from the login configuration of this host (fallback 云物业社区管理平台). On success the
// user goes to the redirect target or the workbench. Kept light: no Refine on this route (the auth
// provider is called directly), no antd Form, Input or Button: plain labelled inputs, Enter submits.
import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
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
  const [errors, setErrors] = useState({ username: "", password: "" });

  useEffect(() => {
    let alive = true;
    // Read with the client itself: this route is outside Refine and the app's QueryClient, and keeps
    // react-query out of its first load (the login page's size budget).
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
      if (result.redirectTo) void navigate(result.redirectTo, { replace: true });
    } finally {
      setPending(false);
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value : "";
    };
    const values = { username: text("username"), password: text("password") };
    const found = { username: values.username.trim() ? "" : "请输入用户名", password: values.password ? "" : "请输入密码" };
    setErrors(found);
    if (found.username || found.password) {
      e.currentTarget.querySelector<HTMLInputElement>(`[name=${found.username ? "username" : "password"}]`)?.focus();
      return;
    }
    void onFinish(values);
  };

  return (
    <div className="login-page">
      <style>{LOGIN_CSS}</style>
      <main className="login-card">
        <div style={{ textAlign: "center", marginBottom: 32 }}>
          {config.platformIco && <img src={config.platformIco} alt="" style={{ height: 48, marginBottom: 12 }} />}
          <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600, color: "rgba(0,0,0,0.88)" }}>{platformName}</h1>
          <div style={{ marginTop: 4, color: "rgba(0,0,0,0.6)" }}>账号登录</div>
        </div>
        <form
          onSubmit={onSubmit}
          // Typing into a field clears its message.
          onInput={(e) => {
            const name = (e.target as HTMLInputElement).name as keyof typeof errors;
            if (errors[name]) setErrors({ ...errors, [name]: "" });
          }}
          autoComplete="on"
          noValidate
          aria-label="账号登录"
        >
          <Field name="username" label="用户名" icon={<UserOutlined />} error={errors.username}>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- signing in is the page's only task: typing starts in the username field */}
            <input id="login-username" name="username" type="text" placeholder="请输入用户名" autoComplete="username" autoFocus maxLength={64} {...invalid("username", errors.username)} />
          </Field>
          <Field name="password" label="密码" icon={<LockOutlined />} error={errors.password}>
            <input id="login-password" name="password" type="password" placeholder="请输入密码" autoComplete="current-password" maxLength={128} {...invalid("password", errors.password)} />
          </Field>
          <button type="submit" className="login-submit" disabled={pending} aria-busy={pending}>
            登录
          </button>
        </form>
        <div style={{ textAlign: "center", fontSize: 12, color: "rgba(0,0,0,0.6)", marginTop: 12 }}>{constants.version}</div>
      </main>
    </div>
  );
}

const invalid = (name: string, error: string) => (error ? { "aria-invalid": true, "aria-describedby": `login-${name}-error` } : {});

/** One labelled input with its icon and its error line (the label is for screen readers; the placeholder shows). */
function Field({ name, label, icon, error, children }: { name: string; label: string; icon: ReactNode; error: string; children: ReactNode }) {
  return (
    <div className="login-field">
      <label htmlFor={`login-${name}`} className="login-sr-only">
        {label}
      </label>
      <div className={`login-input${error ? " login-input-error" : ""}`}>
        <span aria-hidden="true" className="login-input-icon">
          {icon}
        </span>
        {children}
      </div>
      <div id={`login-${name}-error`} role="alert" className="login-error">
        {error}
      </div>
    </div>
  );
}

// The login page is plain HTML with a few rules (no antd Form, Input or Button: the page stays
// light); colours meet WCAG AA (the button's white on #1668dc is 5.2:1) and the focus is visible.
const LOGIN_CSS = `
.login-page{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;background:linear-gradient(135deg,#0b3a8f 0%,#1668dc 55%,#4fa3ff 100%)}
.login-card{width:400px;max-width:100%;background:#fff;border-radius:8px;padding:40px 40px 24px;box-shadow:0 12px 40px rgba(0,0,0,.18)}
.login-sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.login-field{margin-bottom:4px}
.login-input{display:flex;align-items:center;gap:8px;height:40px;padding:0 11px;border:1px solid #8c8c8c;border-radius:4px;background:#fff;transition:border-color .2s}
.login-input:hover{border-color:#1668dc}
.login-input:focus-within{border-color:#1668dc;box-shadow:0 0 0 2px rgba(22,104,220,.25)}
.login-input-error,.login-input-error:hover,.login-input-error:focus-within{border-color:#d4380d}
.login-input-icon{color:rgba(0,0,0,.6);display:inline-flex}
.login-input input{flex:1;min-width:0;height:100%;border:0;outline:0;font-size:16px;background:transparent;color:rgba(0,0,0,.88)}
.login-input input::placeholder{color:rgba(0,0,0,.57)}
.login-error{min-height:24px;font-size:14px;line-height:22px;color:#cf1322}
.login-submit{width:100%;height:40px;margin-top:4px;border:0;border-radius:4px;background:#1668dc;color:#fff;font-size:16px;cursor:pointer}
.login-submit:hover{background:#1558c0}
.login-submit:focus-visible{outline:2px solid #0b3a8f;outline-offset:2px}
.login-submit:disabled{cursor:default;opacity:.75}
`;
