// The built-in safe-center login (spec §2 /login): username and password; the platform name and
// icon come from the login configuration of this host (fallback 云物业社区管理平台). On success the
// user goes to the redirect target or the workbench. Kept light: no Refine on this route (the auth
// provider is called directly), no antd at all (no ConfigProvider, Form, Input, Button, icons or
// message): plain labelled inputs, Enter submits, and why a sign-in was refused (the server's words)
// shows in the page's own alert under the button.
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { constants } from "../../../../generated/constants.ts";
import type { LoginConfiguration } from "./login-client.ts";

export const DEFAULT_PLATFORM_NAME = "云物业社区管理平台";

type LoginClient = typeof import("./login-client.ts");
let client: Promise<LoginClient> | null = null;

/**
 * The client part of the page (login-client.ts): fetched once the form shows, so the first paint waits
 * for nothing but this chunk; loaded once (again after a failed load).
 */
function loginClient(): Promise<LoginClient> {
  client ??= import("./login-client.ts").catch((error: unknown) => {
    client = null;
    throw error;
  });
  return client;
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
  // Why the last sign-in was refused: the request wrapper's text (用户名或密码错误, 网络异常, ...).
  const [refusal, setRefusal] = useState("");

  useEffect(() => {
    let alive = true;
    loginClient()
      .then((c) => c.readLoginConfiguration())
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
    setRefusal("");
    try {
      // The request wrapper hands its text of a failure to the page's alert (用户名或密码错误, ...).
      let signIn: LoginClient["signIn"];
      try {
        ({ signIn } = await loginClient());
      } catch {
        setRefusal("页面加载失败，请检查网络后重试");
        return;
      }
      const result = await signIn({ ...values, redirect: params.get("redirect") ?? undefined, showError: setRefusal });
      if (result.redirectTo) void navigate(result.redirectTo, { replace: true });
      else if (!result.success) setRefusal((shown) => shown || result.error?.message || "登录失败");
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
          {/* The icon's place is kept while the configuration loads: the title does not move when it comes. */}
          <div className="login-logo">{config.platformIco && <img src={config.platformIco} alt="" />}</div>
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
          <Field name="username" label="用户名" icon={<Icon path={USER_ICON} />} error={errors.username}>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- signing in is the page's only task: typing starts in the username field */}
            <input id="login-username" name="username" type="text" placeholder="请输入用户名" autoComplete="username" autoFocus maxLength={64} {...invalid("username", errors.username)} />
          </Field>
          <Field name="password" label="密码" icon={<Icon path={LOCK_ICON} />} error={errors.password}>
            <input id="login-password" name="password" type="password" placeholder="请输入密码" autoComplete="current-password" maxLength={128} {...invalid("password", errors.password)} />
          </Field>
          <button type="submit" className="login-submit" disabled={pending} aria-busy={pending}>
            {pending ? "登录中..." : "登录"}
          </button>
          <div id="login-refusal" role="alert" className="login-refusal">
            {refusal}
          </div>
        </form>
        <div style={{ textAlign: "center", fontSize: 12, color: "rgba(0,0,0,0.6)", marginTop: 12 }}>{constants.version}</div>
      </main>
    </div>
  );
}

// antd's UserOutlined and LockOutlined (@ant-design/icons-svg), drawn without the icon package.
const USER_ICON =
  "M858.5 763.6a374 374 0 00-80.6-119.5 375.63 375.63 0 00-119.5-80.6c-.4-.2-.8-.3-1.2-.5C719.5 518 760 444.7 760 362c0-137-111-248-248-248S264 225 264 362c0 82.7 40.5 156 102.8 201.1-.4.2-.8.3-1.2.5-44.8 18.9-85 46-119.5 80.6a375.63 375.63 0 00-80.6 119.5A371.7 371.7 0 00136 901.8a8 8 0 008 8.2h60c4.4 0 7.9-3.5 8-7.8 2-77.2 33-149.5 87.8-204.3 56.7-56.7 132-87.9 212.2-87.9s155.5 31.2 212.2 87.9C779 752.7 810 825 812 902.2c.1 4.4 3.6 7.8 8 7.8h60a8 8 0 008-8.2c-1-47.8-10.9-94.3-29.5-138.2zM512 534c-45.9 0-89.1-17.9-121.6-50.4S340 407.9 340 362c0-45.9 17.9-89.1 50.4-121.6S466.1 190 512 190s89.1 17.9 121.6 50.4S684 316.1 684 362c0 45.9-17.9 89.1-50.4 121.6S557.9 534 512 534z";
const LOCK_ICON =
  "M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z";

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" focusable="false">
      <path d={path} />
    </svg>
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

// The login page is plain HTML with a few rules (no antd, nor its reset.css: the page stays light;
// its first three lines are what it took from the reset); colours meet WCAG AA (the button's white on
// #1668dc is 5.2:1, the alert's #cf1322 on white 5.7:1) and the focus is visible.
const LOGIN_CSS = `
html{font-family:sans-serif;line-height:1.15;-webkit-text-size-adjust:100%}body{margin:0}
.login-page,.login-page *,.login-page :before,.login-page :after{box-sizing:border-box}
.login-page input,.login-page button{margin:0;font-family:inherit;line-height:inherit}.login-page img{vertical-align:middle}
.login-page{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;background:linear-gradient(135deg,#0b3a8f 0%,#1668dc 55%,#4fa3ff 100%)}
.login-logo{height:48px;margin-bottom:12px}.login-logo img{height:48px}
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
.login-refusal{min-height:22px;margin-top:8px;font-size:14px;line-height:22px;color:#cf1322;text-align:center}
`;
