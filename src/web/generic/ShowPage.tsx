// The generic detail page of a resource: its detail fields in antd Descriptions, rendered the same
// way as the list, with 编辑 (when allowed) and 返回; below them the rows of other resources that refer
// to it (RelatedRows.tsx, a room's 一户一档).
import { fillTexts } from "../../../generated/fill-texts.ts";
import { EditOutlined } from "@ant-design/icons";
import { useOne } from "@refinedev/core";
import { Button, Card, Descriptions, Space, Spin } from "antd";
import { chinaDateTime } from "../../common/china-time.ts";
import { useNavigate, useParams } from "react-router";
import type { FieldDef, ResourceDef } from "../../../generated/model-types.ts";
import { getSceneName } from "../state/scene.ts";
import { ActionHistory } from "./ActionHistory.tsx";
import { FieldValue } from "./display.tsx";
import { mayViewPlainText, PlainTextValue } from "./PlainTextValue.tsx";
import { RowActions } from "./RowActions.tsx";
import { RelatedRows } from "./RelatedRows.tsx";
import { detailFields, fieldLabel, resourceLabel } from "./fields.ts";
import { useResourceDef } from "../providers/resourceDefs.ts";
import { NoPermission, RecordLoadError, ResourceMissing, useResourceAccess, useRoutePaths, type GenericPageProps } from "./pageContext.tsx";

/** Characters beyond which a detail value gets a row of its own. */
const LONG_VALUE = 48;

export default function ShowPage({ resource, route }: GenericPageProps) {
  const def = useResourceDef(resource);
  const { id } = useParams();
  if (!def) return <ResourceMissing resource={resource} />;
  return <ShowView key={`${route.path}:${id ?? ""}`} def={def} route={route} id={id} />;
}

const timeText = (value: unknown) => (value ? chinaDateTime(value) : "-");

function ShowView({ def, route, id }: { def: ResourceDef; route: GenericPageProps["route"]; id?: string }) {
  const navigate = useNavigate();
  const paths = useRoutePaths(route);
  const access = useResourceAccess(def);
  const scene = getSceneName();
  const { result: record, query } = useOne({ resource: def.name, id, queryOptions: { enabled: !!id && access.list === true } });

  if (access.list === false) return <NoPermission />;
  const back = () => navigate(paths.list);

  if (query.isError) {
    return <RecordLoadError error={query.error} onRetry={() => void query.refetch()} onBack={back} />;
  }

  const row: Record<string, unknown> = record ?? {};
  const plainText = mayViewPlainText();
  const value = (f: FieldDef) => {
    const shown = <FieldValue field={f} value={row[f.name]} row={row} detail />;
    return f.mask && plainText && id && row[f.name] ? (
      <PlainTextValue def={def} id={id} field={f.name}>
        {shown}
      </PlainTextValue>
    ) : (
      shown
    );
  };
  const fields = detailFields(def);
  // Long values (text, JSON, a signed pay link) get a row of their own rather than squeezing the
  // columns beside them: "filled" ends a row, so the item before one ends its row too.
  const long = fields.map((f) => f.type === "json" || f.type === "text" || (typeof row[f.name] === "string" && (row[f.name] as string).length > LONG_VALUE));
  const items = fields.map((f, i) => ({
    key: f.name,
    label: fieldLabel(f, scene),
    span: long[i] || long[i + 1] ? ("filled" as const) : undefined,
    children: f.name === def.actions?.historyField ? <ActionHistory def={def} value={row[f.name]} /> : value(f),
  }));
  if (record && row.createdAt) items.push({ key: "createdAt", label: "创建时间", span: undefined, children: <>{timeText(row.createdAt)}</> });
  if (record && row.updatedAt) items.push({ key: "updatedAt", label: "更新时间", span: undefined, children: <>{timeText(row.updatedAt)}</> });

  return (
    <Card
      title={fillTexts.webList.detailTitle({ resource: resourceLabel(def, scene) })}
      variant="borderless"
      extra={
        <Space>
          {record && def.actions && access.list && <RowActions def={def} row={row} size="middle" />}
          {access.edit && id && (
            <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(paths.edit(id), { state: { listSearch: paths.list.slice(paths.base.length) } })}>
              编辑
            </Button>
          )}
          <Button onClick={back}>返回</Button>
        </Space>
      }
    >
      <Spin spinning={query.isLoading || access.list === undefined}>
        <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} items={items} styles={{ label: { width: 160 }, content: { overflowWrap: "anywhere" } }} />
      </Spin>
      {record && id && def.related && <RelatedRows def={def} id={id} communityId={row.communityId} />}
    </Card>
  );
}
