// Before anything else, an account whose password someone else set (created or reset by an
// administrator) chooses its own: the shell shows only this page with the 请修改初始密码 dialog, which
// cannot be closed (its other button is 退出登录). The server answers such a session nothing else (auth/guard.ts), so
// nothing of the shell is loaded until then; `onChanged` loads the user again and the shell follows.
import { Layout, Typography } from "antd";
import { Suspense } from "react";
import { lazyPage } from "../lib/lazyPage.ts";
import { startLogout } from "./sign-out.ts";
import type { CurrentUser } from "./user-state.ts";

const ChangePasswordDialog = lazyPage(() => import("./ChangePasswordDialog.tsx"));

interface Props {
  user: CurrentUser;
  productName: string;
  onChanged: () => void;
}

export default function PasswordGate({ user, productName, onChanged }: Props) {
  return (
    <Layout style={{ minHeight: "100vh" }} data-testid="password-gate">
      <Layout.Header style={{ display: "flex", alignItems: "center", paddingInline: 16 }}>
        <Typography.Title level={1} style={{ color: "#fff", fontSize: 18, margin: 0 }}>
          {productName}
        </Typography.Title>
      </Layout.Header>
      <Layout.Content />
      <Suspense fallback={null}>
        <ChangePasswordDialog open required onDone={onChanged} onCancel={() => startLogout(user.tenantId)} />
      </Suspense>
    </Layout>
  );
}
