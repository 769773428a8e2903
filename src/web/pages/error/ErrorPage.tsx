// /error/:type (spec §2): 404 by default, 403, and 500 with 服务器异常，请联系管理员 (the startup
// failure of spec §4 / §8). Plain markup, like the login page: the startup chunk serves it without
// antd (a signed-in user's 403 shows inside the shell: shell/ForbiddenPage.tsx).
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
    <main className="error-page" data-testid="error-page" data-status={status}>
      <style>{ERROR_CSS}</style>
      <h1 className="error-page-title">{status}</h1>
      <p className="error-page-text">{subtitles[status]}</p>
      <button type="button" className="error-page-home" onClick={() => void home()}>
        返回首页
      </button>
    </main>
  );
}

// What antd's Result showed, in a few rules (antd's reset.css is not loaded on this route either);
// colours meet WCAG AA (the text's 60 % black on white is 5.7:1, the button's white on #1668dc 5.2:1).
const ERROR_CSS = `
html{font-family:sans-serif;line-height:1.15;-webkit-text-size-adjust:100%}body{margin:0}
.error-page{box-sizing:border-box;min-height:60vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:48px 32px;text-align:center}
.error-page-title{margin:0 0 8px;font-size:24px;line-height:1.33;font-weight:400;color:rgba(0,0,0,.88)}
.error-page-text{margin:0 0 24px;font-size:14px;line-height:1.57;color:rgba(0,0,0,.6)}
.error-page-home{height:32px;padding:4px 15px;border:0;border-radius:4px;background:#1668dc;color:#fff;font-family:inherit;font-size:14px;cursor:pointer}
.error-page-home:hover{background:#1558c0}
.error-page-home:focus-visible{outline:2px solid #0b3a8f;outline-offset:2px}
`;
