// The generic list of a resource: columns of its list fields, a filter form of its filter fields
// plus a keyword search (trimmed, on Enter), server-side pagination and sort kept in the URL query,
// row selection with batch delete, per-row 查看 / 编辑 / 删除 gated by access control, and the
// loading, empty and error states.
import { fillTexts } from "../../../generated/fill-texts.ts";
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { useDelete, useDeleteMany, useList, type BaseKey, type BaseRecord } from "@refinedev/core";
import { App, Button, Card, Popconfirm, Space, Typography } from "antd";
import { FailureResult } from "../ui/FailureResult.tsx";
import type { TableProps } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { messages } from "../../../generated/errors.ts";
import { useNarrowScreen } from "../shell/use-narrow.ts";
import { useCurrentCommunity } from "../state/community.ts";
import { FieldValue } from "./display.tsx";
import { mayViewPlainText, PlainTextValue } from "./PlainTextValue.tsx";
import { fieldLabel, filterFields, isKeptRow, isLockedRow, listFields, searchFields } from "./fields.ts";
import { RequestError } from "../http/request.ts";
import { useResourceDef } from "../providers/resourceDefs.ts";
import { RowActions } from "./RowActions.tsx";
import { accessibleRowSelection } from "./rowSelection.tsx";
import { DataTable } from "./table/DataTable.tsx";
import { FieldFilterBar } from "./table/FieldFilterBar.tsx";
import { ExportButton, ImportButtons } from "./excel/ExcelButtons.tsx";
import { pageListBody } from "../providers/dataProvider.ts";
import { fromAntdOrder, PAGE_SIZE_OPTIONS, readListState, toAntdOrder, toRefineQuery, writeListState, type ListState } from "./listQuery.ts";
import { NoPermission, pageTitle, ResourceMissing, useResourceAccess, useRoutePaths, type GenericPageProps } from "./pageContext.tsx";

// One empty page for every render while loading, so memos over the rows keep their value.
const NO_ROWS: BaseRecord[] = [];

export default function ListPage({ resource, route }: GenericPageProps) {
  const def = useResourceDef(resource);
  if (!def) return <ResourceMissing resource={resource} />;
  return <ListView key={`${route.path}:${resource}`} def={def} route={route} />;
}

function ListView({ def, route }: { def: ResourceDef; route: GenericPageProps["route"] }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const paths = useRoutePaths(route);
  const [searchParams, setSearchParams] = useSearchParams();
  const community = useCurrentCommunity();
  const access = useResourceAccess(def);
  const narrow = useNarrowScreen();

  // Route values (e.g. patrolType 4 of the offline patrol pages) are fixed filters, not in the form.
  const fixed = useMemo(() => (route.query ?? {}) as Record<string, unknown>, [route.query]);
  const filterDefs = useMemo(() => filterFields(def).filter((f) => !(f.name in fixed)), [def, fixed]);
  const columnsDefs = useMemo(() => listFields(def), [def]);
  const searchable = useMemo(() => searchFields(def), [def]);
  const sortable = useMemo(() => new Set(def.fields.filter((f) => f.sort).map((f) => f.name)), [def]);
  const filterNames = useMemo(() => filterDefs.map((f) => f.name), [filterDefs]);
  const state = useMemo(() => readListState(searchParams, filterNames, sortable), [searchParams, filterNames, sortable]);
  const query = useMemo(() => toRefineQuery(filterDefs, state, fixed), [filterDefs, state, fixed]);

  const { result, query: listQuery } = useList({
    resource: def.name,
    ...query,
    meta: def.scope === "community" ? { communityId: community?.communityId ?? undefined } : {},
    queryOptions: { enabled: access.list === true },
  });
  const rows = result?.data ?? NO_ROWS;
  const total = result?.total ?? 0;

  const setState = (next: ListState) => setSearchParams(writeListState(next, searchParams, filterNames), { replace: false });

  // After deleting the last rows of the last page, show the page before it.
  useEffect(() => {
    if (!listQuery.isFetching && rows.length === 0 && total > 0 && state.pageNo > 1) {
      setState({ ...state, pageNo: Math.max(1, Math.ceil(total / state.pageSize)) });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listQuery.isFetching, rows.length, total, state.pageNo]);

  // A selection belongs to the list it was made on: another query or community starts with none.
  const selectionOf = `${searchParams.toString()}|${community?.communityId ?? ""}`;
  const [selection, setSelection] = useState<{ of: string; keys: BaseKey[] }>({ of: selectionOf, keys: [] });
  const selected = selection.of === selectionOf ? selection.keys : [];
  const setSelected = (keys: BaseKey[]) => setSelection({ of: selectionOf, keys });
  const { mutateAsync: deleteOne } = useDelete();
  const { mutateAsync: deleteMany, mutation: deleteManyMutation } = useDeleteMany();

  const listSearch = searchParams.toString() ? `?${searchParams.toString()}` : "";
  const open = (to: string) => navigate(to, { state: { listSearch } });

  // A refused delete: the request wrapper has shown the server's message; nothing else to do.
  const shownRefusal = (error: unknown) => {
    if (!(error instanceof RequestError)) throw error;
  };

  const removeOne = async (id: BaseKey) => {
    try {
      await deleteOne({ resource: def.name, id, successNotification: false, errorNotification: false });
      void message.success(messages.deleted);
    } catch (error) {
      shownRefusal(error);
    }
  };

  const confirmBatchDelete = () =>
    modal.confirm({
      title: messages.deleteConfirm,
      content: fillTexts.webList.selectedRecords({ count: selected.length }),
      okText: "删除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await deleteMany({ resource: def.name, ids: selected, successNotification: false, errorNotification: false });
          setSelected([]);
          void message.success(messages.deleted);
        } catch (error) {
          shownRefusal(error);
        }
      },
    });

  const pageIds = useMemo(() => {
    const byField: Record<string, BaseKey[]> = {};
    for (const f of columnsDefs) {
      if (f.type !== "ref") continue;
      byField[f.name] = [...new Set(rows.map((r): unknown => r[f.name]).filter((v) => v !== undefined && v !== null && v !== ""))] as BaseKey[];
    }
    return byField;
  }, [columnsDefs, rows]);

  const plainText = mayViewPlainText();
  const columns: TableProps<BaseRecord>["columns"] = columnsDefs.map((f) => ({
    key: f.name,
    dataIndex: f.name,
    title: fieldLabel(f),
    sorter: f.sort,
    sortOrder: f.sort && state.sortField === f.name ? toAntdOrder(state.sortOrder) : null,
    render: (value: unknown, row: BaseRecord) => {
      const shown = <FieldValue field={f} value={value} row={row} pageIds={pageIds[f.name]} />;
      // A phone, masked in every list, is revealed in its row by a holder of 查看明文 (to call the
      // person; each reveal is logged by the server). Other masked fields open on the detail page.
      return f.mask === "phone" && plainText && value ? (
        <PlainTextValue def={def} id={row.id as string | number} field={f.name} compact>
          {shown}
        </PlainTextValue>
      ) : (
        shown
      );
    },
  }));
  // State-flow buttons (schemas: resource actions) need the resource's code, like its list.
  const flowActions = !!def.actions && access.list === true;
  const rowActions = access.show || access.edit || access.delete || flowActions;
  if (rowActions) {
    columns.push({
      key: "__actions",
      title: "操作",
      fixed: "right",
      width: flowActions ? 260 : 180,
      render: (_: unknown, row: BaseRecord) => (
        <Space size={4}>
          {flowActions && <RowActions def={def} row={row} />}
          {access.show && (
            <Button type="link" size="small" onClick={() => open(paths.show(row.id as BaseKey))}>
              查看
            </Button>
          )}
          {access.edit && !isLockedRow(row) && (
            <Button type="link" size="small" onClick={() => open(paths.edit(row.id as BaseKey))}>
              编辑
            </Button>
          )}
          {access.delete && !isKeptRow(def, row) && !isLockedRow(row) && (
            <Popconfirm title={messages.deleteConfirm} okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => removeOne(row.id as BaseKey)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const onTableChange: TableProps<BaseRecord>["onChange"] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sortOrder = fromAntdOrder(s?.order);
    const sortField = sortOrder && s?.columnKey ? String(s.columnKey) : undefined;
    const pageSize = pagination.pageSize ?? state.pageSize;
    const sortChanged = sortField !== state.sortField || sortOrder !== state.sortOrder;
    setState({
      ...state,
      pageNo: pageSize !== state.pageSize || sortChanged ? 1 : (pagination.current ?? 1),
      pageSize,
      sortField,
      sortOrder,
    });
  };

  if (access.list === false) return <NoPermission />;

  const actions = (
    <Space wrap>
      {/* Excel: the list as it is filtered now; import where the schema says importable. */}
      {access.list && (
        <ExportButton
          def={def}
          body={() => pageListBody({ service: def.service, scope: def.scope }, { sorters: query.sorters, filters: query.filters, meta: { communityId: community?.communityId ?? undefined } })}
        />
      )}
      {def.importable && access.create && <ImportButtons def={def} communityId={community?.communityId} />}
      {access.create && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(paths.create)}>
          新增
        </Button>
      )}
    </Space>
  );

  // On a phone the buttons go under the title (beside it they would leave the title no room) and
  // the card's padding is the small one.
  return (
    <Card title={pageTitle(route)} variant="borderless" size={narrow ? "small" : "default"} extra={narrow ? undefined : actions}>
      {narrow && <div style={{ marginBottom: 12 }}>{actions}</div>}
      <FieldFilterBar fields={filterDefs} searchable={searchable} state={state} onApply={(filters, keyword) => setState({ ...state, pageNo: 1, filters, keyword })} />
      {access.delete && (
        <Space style={{ marginBottom: 12 }}>
          <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} loading={deleteManyMutation.isPending} onClick={confirmBatchDelete}>
            批量删除
          </Button>
          {selected.length > 0 && <Typography.Text type="secondary">已选择 {selected.length} 项</Typography.Text>}
        </Space>
      )}
      {listQuery.isError && rows.length === 0 ? (
        <FailureResult
          status="error"
          title={messages.cardLoadFailed}
          subTitle={(listQuery.error as { message?: string } | null)?.message}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void listQuery.refetch()}>
              {messages.cardRefresh}
            </Button>
          }
        />
      ) : (
        <DataTable<BaseRecord>
          label={pageTitle(route)}
          columns={columns}
          dataSource={rows}
          loading={access.list === undefined || listQuery.isFetching}
          onChange={onTableChange}
          rowSelection={
            access.delete
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as BaseKey[]),
                  preserveSelectedRowKeys: false,
                  ...accessibleRowSelection(
                    columnsDefs.map((f) => f.name),
                    { test: (row) => isKeptRow(def, row) || isLockedRow(row), reason: (row) => (isKeptRow(def, row) ? def.keptRows!.reason : messages.rowLocked) },
                  ),
                }
              : undefined
          }
          pagination={{
            current: state.pageNo,
            pageSize: state.pageSize,
            total,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (n) => fillTexts.webList.total({ count: n }),
          }}
        />
      )}
    </Card>
  );
}
