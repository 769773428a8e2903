// 我的: who signed in (name and masked phone as kept at sign-in) and 退出登录.
import { Button, Dialog, List } from "antd-mobile";
import { h5 } from "../http.ts";
import { forgetSignIn, signedIn } from "../account.ts";
import { navigate } from "../router.ts";
import { say, Title } from "./states.tsx";

export function MePage() {
  const who = signedIn();
  const logOut = async () => {
    if (!(await Dialog.confirm({ content: "确定退出登录吗？" }))) return;
    try {
      await h5.residentLogout();
    } catch (err) {
      say(err instanceof Error ? err.message : String(err));
      return;
    }
    forgetSignIn();
    navigate("login", true);
  };
  return (
    <>
      <Title>我的</Title>
      <List>
        <List.Item extra={who?.name ?? ""}>姓名</List.Item>
        <List.Item extra={who?.phone ?? ""}>手机号</List.Item>
      </List>
      <List header="服务">
        <List.Item onClick={() => navigate("visitors")}>访客邀请</List.Item>
      </List>
      <div className="h5-section">
        <Button block color="danger" fill="outline" onClick={logOut}>
          退出登录
        </Button>
      </div>
    </>
  );
}
