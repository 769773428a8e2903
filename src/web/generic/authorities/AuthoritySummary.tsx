// A role's authorities as the list and the detail page show them (schemas: widget authorityTree); the
// tree input itself is AuthorityTreeInput.tsx, a chunk of its own.
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { Space, Typography } from "antd";
import { useMemo } from "react";
import { withScene } from "../../state/scene.ts";
import { authorityTree, codesOf } from "./authorityTree.ts";

/** A role's authorities on the list (a count) and the detail page (their names). */
export function AuthoritySummary({ value, detail }: { value: unknown; detail?: boolean }) {
  const codes = codesOf(value);
  const names = useMemo(() => (detail ? authorityTree((t) => withScene(t)) : null), [detail]);
  if (!detail || !names) return <>{codes.length ? fillTexts.webList.authorityCount({ count: codes.length }) : "-"}</>;
  const byCode = new Map<string, string>();
  const walk = (nodes: typeof names) => nodes.forEach((n) => (byCode.set(n.key, n.title), n.children && walk(n.children)));
  walk(names);
  if (!codes.length) return <>-</>;
  return (
    <Space size={[4, 4]} wrap>
      {codes.map((c) => (
        <Typography.Text key={c} code>
          {byCode.get(c) ?? c}
        </Typography.Text>
      ))}
    </Space>
  );
}
