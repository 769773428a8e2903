// 登录: the tenant from the address (?tenant=<id>, docs/residents.md), phone, 获取验证码 (then 60 s
// before another), the code, 登录. A refusal is shown as the server's own message.
import { useEffect, useState } from "react";
import { Button, ErrorBlock, Form, Input } from "antd-mobile";
import { h5 } from "../http.ts";
import { rememberSignIn } from "../account.ts";
import { navigate } from "../router.ts";
import { say } from "./states.tsx";

const WAIT_SECONDS = 60;
const PHONE = /^1\d{10}$/;
const CODE = /^\d{6}$/;

const failed = (err: unknown) => say(err instanceof Error ? err.message : String(err));

export function LoginPage({ tenant }: { tenant: number | null }) {
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [signing, setSigning] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  if (tenant === null) return <ErrorBlock status="default" title="无法登录" description="请使用物业提供的住户端地址打开" />;

  const sendCode = async () => {
    if (!PHONE.test(phone)) return say("请输入正确的手机号");
    setSending(true);
    try {
      await h5.sendSmsCode({ body: { tenantId: tenant, phone } });
      setWait(WAIT_SECONDS);
      say("验证码已发送");
    } catch (err) {
      failed(err);
    } finally {
      setSending(false);
    }
  };
  const logIn = async () => {
    if (!PHONE.test(phone)) return say("请输入正确的手机号");
    if (!CODE.test(code)) return say("请输入6位数字验证码");
    setSigning(true);
    try {
      const who = await h5.residentLogin({ body: { tenantId: tenant, phone, code } });
      rememberSignIn(who);
      navigate("", true);
    } catch (err) {
      failed(err);
      setSigning(false);
    }
  };

  return (
    <div className="h5-section">
      <h1 className="h5-login-title">云物业住户</h1>
      <Form
        layout="horizontal"
        footer={
          <Button block type="submit" color="primary" size="large" loading={signing}>
            登录
          </Button>
        }
        onFinish={logIn}
      >
        <Form.Item label="手机号">
          <Input type="tel" inputMode="numeric" maxLength={11} placeholder="请输入手机号" aria-label="手机号" value={phone} onChange={setPhone} clearable />
        </Form.Item>
        <Form.Item
          label="验证码"
          extra={
            <Button size="small" color="primary" fill="none" disabled={wait > 0} loading={sending} onClick={sendCode}>
              {wait > 0 ? `${wait}秒后重发` : "获取验证码"}
            </Button>
          }
        >
          <Input inputMode="numeric" maxLength={6} placeholder="请输入验证码" aria-label="验证码" value={code} onChange={setCode} autoComplete="one-time-code" />
        </Form.Item>
      </Form>
    </div>
  );
}
