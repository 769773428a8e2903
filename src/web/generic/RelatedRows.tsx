// Under a row's detail page, the rows of other resources that refer to it (schemas: a resource's
// `related`): a room's 一户一档 — its residents, bills, payments, deposits, prepayment account and
// ledger, repairs and notices — one tab each, only those the user may list. A tab loads when opened:
// the resource's definition and the first page of its rows filtered by the reference.
import { fillTexts } from "../../../generated/fill-texts.ts";
import { Card, Skeleton, Tabs } from "antd";
import { Suspense, useMemo } from "react";
import type { RelatedRows as Related, ResourceDef } from "../../../generated/model-types.ts";
import { canAccess } from "../providers/accessControlProvider.ts";
import { useResourceDef } from "../providers/resourceDefs.ts";
import { getSceneName } from "../state/scene.ts";
import { FieldValue } from "./display.tsx";
import { fieldLabel, listFields, resourceLabel } from "./fields.ts";
import { DataTable } from "./table/DataTable.tsx";
import { usePaging } from "./table/usePaging.ts";
import { useResourcePage } from "./table/useResourcePage.ts";

type Row = Record<string, unknown> & { id: number };

export function RelatedRows({ def, id, communityId }: { def: ResourceDef; id: string; communityId: unknown }) {
  const shown = (def.related ?? []).filter((r) => canAccess(r.resource, "list", undefined, r.code).can);
  if (!shown.length) return null;
  return (
    <Card variant="borderless" title={fillTexts.webList.relatedRows({ resource: resourceLabel(def, getSceneName()) })} style={{ marginTop: 16 }} data-testid="related-rows">
      <Tabs
        items={shown.map((r) => ({
          key: r.resource,
          label: r.title,
          children: (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
              <RelatedTable related={r} id={id} communityId={communityId} />
            </Suspense>
          ),
        }))}
      />
    </Card>
  );
}

function RelatedTable({ related, id, communityId }: { related: Related; id: string; communityId: unknown }) {
  const def = useResourceDef(related.resource)!;
  const scene = getSceneName();
  const { page, table } = usePaging(10);
  const list = useResourcePage<Row>(related.resource, { [related.field]: Number(id), ...(communityId ? { communityId } : {}) }, page);
  const columns = useMemo(
    () =>
      listFields(def)
        .filter((f) => f.name !== related.field)
        .map((f) => ({ key: f.name, title: fieldLabel(f, scene), dataIndex: f.name, render: (value: unknown, row: Row) => <FieldValue field={f} value={value} row={row} /> })),
    [def, related.field, scene],
  );
  return <DataTable<Row> label={related.title} size="small" {...table(list, { unit: "条" })} columns={columns} />;
}
