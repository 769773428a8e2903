// /error/:type (spec §2): 404 by default, 403, and 500 with 服务器异常，请联系管理员 (the startup
// failure of spec §4 / §8).
import { Button, Result } from "antd";
import { useNavigate, useParams } from "react-router";
import { messages } from "../../../../generated/errors.ts";
import { homePath } from "../../providers/authProvider.ts";
import { hasSession } from "../../state/session.ts";

type Status = "403" | "404" | "500";

const subtitles: Record<Status, string> = {
  "403": messages.noModulePermission,
  "404": "抱歉，您访问的页面不存在",
  "500": messages.startupFailed,
};

export function errorStatus(type: string | undefined): Status {
  return type === "403" || type === "500" ? type : "404";
}

export default function ErrorPage() {
  const { type } = useParams();
  const navigate = useNavigate();
  const status = errorStatus(type);
  const home = () => navigate(hasSession() ? homePath() : "/login", { replace: true });
  return (
    <div style={{ minHeight: "60vh", display: "flex", alignItems: "center", justifyContent: "center" }}>
      <Result
        status={status}
        title={status}
        subTitle={subtitles[status]}
        extra={
          <Button type="primary" onClick={home}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
