// Signing out from the shell (the user menu's 退出登录, the password gate's): logoutFlow's steps with
// antd's confirm and message, and a full reload at the login page so nothing of the session stays
// in memory, nor the current community in storage.
import { message, Modal } from "antd";
import { queryClient } from "../http/query-client.ts";
import { endLocalSession } from "../state/session.ts";
import { appUrl } from "./external-window.ts";
import { delay, logoutFlow } from "./logout.ts";
import type { Id } from "./picker-state.ts";
import { shellQueries } from "./shell-queries.ts";

export function startLogout(tenantId: Id | null | undefined): void {
  void logoutFlow({
    confirm: (question) =>
      new Promise<boolean>((resolve) => {
        Modal.confirm({ title: "提示", content: question, okText: "确定", cancelText: "取消", onOk: () => resolve(true), onCancel: () => resolve(false) });
      }),
    // A GET operation, read once (the page then reloads at the login page, the cache with it).
    callLogout: () => queryClient.fetchQuery(shellQueries.logout(tenantId)),
    clearSession: endLocalSession,
    showSuccess: (text) => void message.success(text),
    wait: delay,
    toLogin: () => {
      window.location.replace(appUrl("/login"));
      window.location.reload();
    },
  });
}
