// Layout route in front of every page that needs a session: checks it once (authProvider.check:
// a stored signature and the user call) and then renders the page. No session → /login with the
// page as redirect target; the user call failing with 500 or a network error is the startup failure
// of spec §4 → /error/500 (服务器异常，请联系管理员).
import { Spin } from "antd";
import { useEffect, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { authProvider, LOGIN_PATH } from "./authProvider.ts";

type Gate = { state: "checking" } | { state: "open" } | { state: "redirect"; to: string };

export default function SessionGate() {
  const location = useLocation();
  const [gate, setGate] = useState<Gate>({ state: "checking" });

  useEffect(() => {
    let alive = true;
    void authProvider.check().then((result) => {
      if (!alive) return;
      setGate(result.authenticated ? { state: "open" } : { state: "redirect", to: result.redirectTo ?? LOGIN_PATH });
    });
    return () => {
      alive = false;
    };
  }, []);

  if (gate.state === "checking") {
    return (
      <div style={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center" }}>
        <Spin size="large" />
      </div>
    );
  }
  if (gate.state === "redirect") {
    const here = `${location.pathname}${location.search}`;
    const to = gate.to === LOGIN_PATH && here !== "/" ? `${LOGIN_PATH}?redirect=${encodeURIComponent(here)}` : gate.to;
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
