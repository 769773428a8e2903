// The form input of a role's authorities (schemas: widget authorityTree): a checkable tree of the
// menu and the permission groups; the value is the JSON text of the checked codes (the generic
// form's json convention), so the payload carries an array of codes. Its own chunk (the tree), loaded
// by the forms that show such a field (generic/inputs.tsx).
import { Button, Space, Tree, Typography } from "antd";
import { useMemo } from "react";
import { withScene } from "../../state/scene.ts";
import { authorityTree, codesOf, isGroupKey } from "./authorityTree.ts";

interface Props {
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
}

function AuthorityTreeInput({ value, onChange, disabled, id }: Props) {
  const tree = useMemo(() => authorityTree((t) => withScene(t)), []);
  const allCodes = useMemo(() => {
    const out: string[] = [];
    const walk = (nodes: typeof tree) => nodes.forEach((n) => (isGroupKey(n.key) || out.push(n.key), n.children && walk(n.children)));
    walk(tree);
    return out;
  }, [tree]);
  const checked = codesOf(value);
  const emit = (codes: string[]) => onChange?.(JSON.stringify(codes.filter((c) => !isGroupKey(c))));

  return (
    <div id={id} style={{ border: "1px solid #f0f0f0", borderRadius: 4, padding: 8 }}>
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">已选 {checked.length} 项</Typography.Text>
        <Button size="small" disabled={disabled} onClick={() => emit(allCodes)}>
          全选
        </Button>
        <Button size="small" disabled={disabled} onClick={() => emit([])}>
          清空
        </Button>
      </Space>
      <div style={{ maxHeight: 360, overflow: "auto" }}>
        <Tree checkable selectable={false} disabled={disabled} treeData={tree} checkedKeys={checked} onCheck={(keys) => emit((Array.isArray(keys) ? keys : keys.checked).map(String))} />
      </div>
    </div>
  );
}

export default AuthorityTreeInput;
