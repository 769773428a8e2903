// 菜单配置 (/system/menucustomization, HBL03021; spec §2: the main account's "menu configuration"):
// the whole menu (generated/routes.ts) as a tree table where each group and entry can be renamed,
// moved up or down among its siblings and hidden. The saved items are the resource menuCustomizations
// (read through Refine's list); 保存 sends the tenant's customisation (operation
// saveMenuCustomization), then reads them again and reloads the user, so the left menu follows at once; 恢复默认 clears it. Other accounts see why they cannot edit.
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { ArrowDownOutlined, ArrowUpOutlined } from "@ant-design/icons";
import { App, Button, Card, Input, Popconfirm, Result, Space, Switch, Table, Typography } from "antd";
import { useInvalidate, useList } from "@refinedev/core";
import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import menuCustomizations from "../../../../../generated/resource-defs/menuCustomizations.ts";
import { menu } from "../../../../../generated/routes.ts";
import { queries } from "../../../http/query-client.ts";
import { loadCurrentUser } from "../../../providers/authProvider.ts";
import { getUserType } from "../../../state/session.ts";
import { withScene } from "../../../state/scene.ts";
import { arrangeMenu, itemsOf, moveSibling, type EditableNode, type SavedItem } from "./menu-edit.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

const aliasField = menuCustomizations.fields.find((f) => f.name === "alias")!;
const NONE_SAVED: (SavedItem & { id: number })[] = [];

export default function MenuCustomizationPage() {
  const pageTitle = useRouteTitle();
  const { message } = App.useApp();
  const mainAccount = getUserType() === "0";
  const { query: savedQuery } = useList<SavedItem & { id: number }>({ resource: menuCustomizations.name, pagination: { mode: "off" }, queryOptions: { enabled: mainAccount } });
  const invalidate = useInvalidate();
  const saveItems = useMutation({
    ...queries.saveMenuCustomization.mutationOptions(),
    onSuccess: () => invalidate({ resource: menuCustomizations.name, invalidates: ["list"] }),
  });
  // The saved items as they were read (none when the read failed: the menu as it is by default).
  const saved = savedQuery.isError ? NONE_SAVED : savedQuery.data?.data;
  const [tree, setTree] = useState<EditableNode[] | null>(null);
  // Each read of the saved items replaces the edited tree (adjusted while rendering, not in an effect).
  const [arrangedFrom, setArrangedFrom] = useState(saved);
  if (saved !== arrangedFrom) {
    setArrangedFrom(saved);
    setTree(saved ? arrangeMenu(menu, saved, (t) => withScene(t)) : null);
  }

  const update = (key: string, patch: Partial<EditableNode>) => {
    const walk = (nodes: EditableNode[]): EditableNode[] => nodes.map((n) => (n.key === key ? { ...n, ...patch } : { ...n, children: n.children && walk(n.children) }));
    setTree((t) => (t ? walk(t) : t));
  };

  const save = async (items: ReturnType<typeof itemsOf>) => {
    try {
      await saveItems.mutateAsync({ body: { items } });
      void message.success(items.length ? "菜单配置已保存" : "已恢复默认菜单");
      await loadCurrentUser({ force: true });
    } catch {
      // The request wrapper has shown why.
    }
  };
  const saving = saveItems.isPending;

  const columns = useMemo(
    () => [
      { title: "菜单", dataIndex: "defaultAlias", key: "defaultAlias", width: 260 },
      {
        title: "显示名称",
        key: "alias",
        render: (_: unknown, n: EditableNode) => (
          <Input
            value={n.alias}
            placeholder={n.defaultAlias}
            maxLength={aliasField.maxLength}
            allowClear
            onChange={(e) => update(n.key, { alias: e.target.value })}
            style={{ width: 220 }}
            aria-label={fillTexts.webPages.menuAlias({ menu: n.defaultAlias })}
          />
        ),
      },
      {
        title: "顺序",
        key: "order",
        width: 120,
        render: (_: unknown, n: EditableNode) => (
          <Space size={4}>
            <Button size="small" icon={<ArrowUpOutlined />} aria-label="上移" onClick={() => setTree((t) => t && moveSibling(t, n.key, -1))} />
            <Button size="small" icon={<ArrowDownOutlined />} aria-label="下移" onClick={() => setTree((t) => t && moveSibling(t, n.key, 1))} />
          </Space>
        ),
      },
      {
        title: "显示",
        key: "hidden",
        width: 100,
        render: (_: unknown, n: EditableNode) => <Switch checked={!n.hidden} onChange={(on) => update(n.key, { hidden: !on })} checkedChildren="显示" unCheckedChildren="隐藏" />,
      },
    ],
    [],
  );

  if (!mainAccount) return <Result status="403" title={pageTitle} subTitle="只有主账号可以配置菜单" />;

  return (
    <Card
      title={pageTitle}
      variant="borderless"
      extra={
        <Space>
          <Popconfirm title="确定恢复默认菜单吗？" okText="恢复" cancelText="取消" onConfirm={() => void save([])}>
            <Button disabled={saving}>恢复默认</Button>
          </Popconfirm>
          <Button type="primary" loading={saving} disabled={!tree} onClick={() => tree && void save(itemsOf(tree))}>
            保存
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">修改菜单名称、顺序和是否显示，保存后对本企业所有用户生效；用户只看到其角色有权限的菜单。</Typography.Paragraph>
      <Table<EditableNode>
        key={tree ? "ready" : "loading"}
        rowKey="key"
        size="small"
        loading={!tree}
        columns={columns}
        dataSource={tree ?? []}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
      />
    </Card>
  );
}
