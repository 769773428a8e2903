// The workbench (spec §2 Workbench, §3 workbench layout and module item, §7 Workbench): the advert
// banner, then the user's modules for the current community in a two-column grid. 编辑布局 lets the
// user reorder them (drag, or up / down), add, remove and widen them; 完成 saves (POST {management}/
// layout), 恢复默认 deletes the saved layout. While editing, the shell's workbench editing flag is set
// (the banner hides; any navigation clears it).
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { ArrowDownOutlined, ArrowUpOutlined, ColumnWidthOutlined, DeleteOutlined, EditOutlined, PlusOutlined, UndoOutlined } from "@ant-design/icons";
import { Button, Card, Col, Empty, List, message, Modal, Row, Space, Spin, Tooltip } from "antd";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { messages } from "../../../../generated/errors.ts";
import { workbenchModule } from "../../../common/workbench-modules.ts";
import { useCurrentCommunity } from "../../state/community.ts";
import { useCurrentUser } from "../../shell/user.ts";
import { setWorkbenchEditing, useWorkbenchEditing } from "../../shell/workbench-editing.ts";
import type { PageProps } from "../../lib/page-props.ts";
import AdvertBanner from "./AdvertBanner.tsx";
import { addableModules, addItem, moveDown, moveItem, moveUp, removeItem, toggleWidth, type LayoutItem } from "./layout-state.ts";
import { moduleBodies } from "./modules.tsx";
import { workbenchKeys, workbenchMutations, workbenchQueries } from "./queries.ts";
import { FailureResult } from "../../ui/FailureResult.tsx";

export default function WorkbenchPage(_props: PageProps) {
  const user = useCurrentUser();
  const community = useCurrentCommunity();
  const communityId = community?.communityId ?? null;
  const editing = useWorkbenchEditing();
  const client = useQueryClient();
  const layout = useQuery({ ...workbenchQueries.layout(communityId ?? 0), enabled: communityId != null });
  // The answer to a save is the saved layout: it becomes the cached one; a deleted layout reloads (the default).
  const saveLayout = useMutation({ ...workbenchMutations.saveLayout(), onSuccess: (answer, { body }) => client.setQueryData(workbenchQueries.layout(body.communityId).queryKey, answer) });
  const deleteLayout = useMutation({ ...workbenchMutations.deleteLayout(), onSuccess: () => client.invalidateQueries({ queryKey: workbenchKeys.layout }) });
  const [draft, setDraft] = useState<LayoutItem[]>([]);
  const [adding, setAdding] = useState(false);
  const [dragFrom, setDragFrom] = useState<number | null>(null);

  useEffect(() => () => setWorkbenchEditing(false), []);

  if (communityId == null) return <Empty description="请先在顶部选择社区" />;
  if (layout.isError) {
    return <FailureResult status="warning" title={messages.cardLoadFailed} extra={<Button onClick={() => void layout.refetch()}>{messages.cardRefresh}</Button>} />;
  }
  const saved = layout.data;
  if (!saved)
    return (
      <div style={{ textAlign: "center", padding: 48 }}>
        <Spin />
      </div>
    );

  const items = editing ? draft : saved.layout;

  const startEditing = () => {
    setDraft(saved.layout);
    setWorkbenchEditing(true);
  };
  const finish = async () => {
    try {
      await saveLayout.mutateAsync({ body: { communityId, layout: draft } });
      setWorkbenchEditing(false);
      void message.success(messages.saved);
    } catch {
      // shown by the wrapper
    }
  };
  const reset = () =>
    Modal.confirm({
      title: "恢复默认布局",
      content: "将删除您保存的布局，恢复为默认的模块和顺序。",
      okText: "恢复默认",
      cancelText: "取消",
      onOk: async () => {
        if (saved.layoutId != null) await deleteLayout.mutateAsync({ params: { layoutId: saved.layoutId } });
        setWorkbenchEditing(false);
      },
    });
  const add = async (moduleId: string) => {
    try {
      const item = await client.fetchQuery(workbenchQueries.moduleItem(moduleId));
      if (!item.available) {
        void message.warning(fillTexts.webWorkbench.noViewRight({ module: item.name }));
        return;
      }
      setDraft((d) => addItem(d, { moduleId: item.moduleId, width: item.width }));
      setAdding(false);
    } catch {
      // shown by the wrapper
    }
  };

  return (
    <div data-testid="workbench">
      <AdvertBanner editing={editing} />
      <div style={{ display: "flex", justifyContent: "flex-end", marginBottom: 12 }}>
        {editing ? (
          <Space>
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="workbench-add">
              添加模块
            </Button>
            <Button icon={<UndoOutlined />} onClick={reset} disabled={saved.isDefault}>
              恢复默认
            </Button>
            <Button onClick={() => setWorkbenchEditing(false)}>取消</Button>
            <Button type="primary" onClick={() => void finish()} data-testid="workbench-save">
              完成
            </Button>
          </Space>
        ) : (
          <Button icon={<EditOutlined />} onClick={startEditing} data-testid="workbench-edit">
            编辑布局
          </Button>
        )}
      </div>
      {items.length === 0 ? (
        <Empty description={editing ? "点击「添加模块」选择要显示的模块" : "工作台还没有模块，点击「编辑布局」添加"} />
      ) : (
        <Row gutter={[16, 16]}>
          {items.map((item, index) => {
            const def = workbenchModule(item.moduleId);
            const body = moduleBodies[item.moduleId];
            if (!def || !body) return null;
            return (
              <Col
                key={item.moduleId}
                span={item.w === 2 ? 24 : 12}
                draggable={editing}
                onDragStart={() => setDragFrom(index)}
                onDragOver={(e) => editing && e.preventDefault()}
                onDrop={() => {
                  if (dragFrom !== null) setDraft((d) => moveItem(d, dragFrom, index));
                  setDragFrom(null);
                }}
                data-testid={`workbench-module-${item.moduleId}`}
              >
                <Card
                  title={def.name}
                  size="small"
                  style={{ height: "100%", cursor: editing ? "move" : undefined, outline: editing ? "1px dashed #91caff" : undefined }}
                  extra={
                    editing && (
                      <Space size={0}>
                        <Tooltip title="上移">
                          <Button
                            type="text"
                            size="small"
                            icon={<ArrowUpOutlined />}
                            disabled={index === 0}
                            onClick={() => setDraft((d) => moveUp(d, index))}
                            aria-label={fillTexts.webWorkbench.moveUp({ module: def.name })}
                          />
                        </Tooltip>
                        <Tooltip title="下移">
                          <Button
                            type="text"
                            size="small"
                            icon={<ArrowDownOutlined />}
                            disabled={index === items.length - 1}
                            onClick={() => setDraft((d) => moveDown(d, index))}
                            aria-label={fillTexts.webWorkbench.moveDown({ module: def.name })}
                          />
                        </Tooltip>
                        <Tooltip title={item.w === 2 ? "半宽" : "整行"}>
                          <Button
                            type="text"
                            size="small"
                            icon={<ColumnWidthOutlined />}
                            onClick={() => setDraft((d) => toggleWidth(d, item.moduleId))}
                            aria-label={fillTexts.webWorkbench.resize({ module: def.name })}
                          />
                        </Tooltip>
                        <Tooltip title="移除">
                          <Button
                            type="text"
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            onClick={() => setDraft((d) => removeItem(d, item.moduleId))}
                            aria-label={fillTexts.webWorkbench.remove({ module: def.name })}
                          />
                        </Tooltip>
                      </Space>
                    )
                  }
                >
                  {body({ communityId, authorities: user.authorityCodes })}
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
      <Modal open={adding} title="添加模块" footer={null} onCancel={() => setAdding(false)}>
        <List
          dataSource={addableModules(draft, user.authorityCodes)}
          locale={{ emptyText: "所有可用的模块都已添加" }}
          renderItem={(m) => (
            <List.Item
              actions={[
                <Button key="add" type="link" onClick={() => void add(m.moduleId)} data-testid={`workbench-add-${m.moduleId}`}>
                  添加
                </Button>,
              ]}
            >
              <List.Item.Meta title={m.name} description={m.description} />
            </List.Item>
          )}
        />
      </Modal>
    </div>
  );
}
