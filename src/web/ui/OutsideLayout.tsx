// The frame of the pages outside the shell (spec §2 "pages outside the main frame"): a slim title
// bar with the platform title and the page title, and the page below on a light background.
import { Layout, Typography } from "antd";
import type { ReactNode } from "react";
import { withScene } from "../state/scene.ts";

export function OutsideLayout({ title, extra, children, dark }: { title: string; extra?: ReactNode; children: ReactNode; dark?: boolean }) {
  return (
    <Layout style={{ minHeight: "100vh", background: dark ? "#0b1d3a" : "#f5f7fa" }}>
      <Layout.Header
        style={{ display: "flex", alignItems: "center", justifyContent: "space-between", background: dark ? "#0f2a52" : "#fff", padding: "0 24px", borderBottom: dark ? "none" : "1px solid #f0f0f0" }}
      >
        <Typography.Title level={4} style={{ margin: 0, color: dark ? "#fff" : undefined }}>
          {withScene(title)}
        </Typography.Title>
        <div>{extra}</div>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
    </Layout>
  );
}
