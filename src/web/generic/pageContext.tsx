// What the three generic pages share: the route's paths (a route may have params, e.g.
// /patrolManage/patrolPointIframe/:type, and one resource may show under several routes, so every
// link is built from the route the page is on), the access decisions, and the fallbacks.
import { fillTexts } from "../../../generated/fill-texts.ts";
import { useCan } from "@refinedev/core";
import { Button, Space } from "antd";
import { FailureResult } from "../ui/FailureResult.tsx";
import { generatePath, useLocation, useNavigate, useParams } from "react-router";
import type { ResourceDef, RouteDef } from "../../../generated/model-types.ts";
import { errorCodes, messages } from "../../../generated/errors.ts";
import type { RequestError } from "../http/request.ts";
import { withScene } from "../state/scene.ts";
import { resourceActions } from "../providers/resourceIndex.ts";

export interface GenericPageProps {
  /** Resource name (generated/resources.ts). */
  resource: string;
  /** The route the page is on (generated/routes.ts). */
  route: RouteDef;
}

/** State a list passes to the pages it opens, so "back" returns to the same page, sort and filters. */
export interface FromList {
  listSearch?: string;
}

export function useRoutePaths(route: RouteDef) {
  const params = useParams();
  const location = useLocation();
  let base: string;
  try {
    base = generatePath(route.path, params as Record<string, string>);
  } catch {
    base = route.path;
  }
  const listSearch = (location.state as FromList | null)?.listSearch ?? "";
  return {
    base,
    list: `${base}${listSearch}`,
    create: `${base}/create`,
    edit: (id: string | number) => `${base}/edit/${encodeURIComponent(String(id))}`,
    show: (id: string | number) => `${base}/show/${encodeURIComponent(String(id))}`,
  };
}

export interface ResourceAccess {
  /** undefined while the decision loads. */
  list?: boolean;
  show: boolean;
  create: boolean;
  edit: boolean;
  delete: boolean;
}

/** Access control (Refine useCan → accessControlProvider) combined with the actions the resource offers. */
export function useResourceAccess(def: ResourceDef): ResourceAccess {
  const params = { resource: { name: def.name, meta: { code: def.code } } };
  const actions = resourceActions(def.name);
  const list = useCan({ resource: def.name, action: "list", params });
  const show = useCan({ resource: def.name, action: "show", params });
  const create = useCan({ resource: def.name, action: "create", params });
  const edit = useCan({ resource: def.name, action: "edit", params });
  const remove = useCan({ resource: def.name, action: "delete", params });
  return {
    list: list.data?.can,
    show: !!show.data?.can && actions.show,
    create: !!create.data?.can && actions.create && !def.readOnly,
    edit: !!edit.data?.can && actions.edit && !def.readOnly,
    delete: !!remove.data?.can && actions.delete && !def.readOnly,
  };
}

export const pageTitle = (route: RouteDef): string => withScene(route.title);

export function ResourceMissing({ resource }: { resource: string }) {
  return <FailureResult status="warning" title="页面配置有误" subTitle={fillTexts.webList.resourceMissing({ resource })} />;
}

export function NoPermission() {
  const navigate = useNavigate();
  return (
    <FailureResult
      status="403"
      title="403"
      subTitle={messages.noModulePermission}
      extra={
        <Button type="primary" onClick={() => navigate(-1)}>
          返回
        </Button>
      }
    />
  );
}

/** A record that did not load (edit form, detail page): 404 → 未找到, else 加载失败 with 刷新; both offer 返回列表. */
export function RecordLoadError({ error, onRetry, onBack }: { error: unknown; onRetry: () => void; onBack: () => void }) {
  const notFound = (error as RequestError | null)?.status === 404;
  return (
    <FailureResult
      status={notFound ? "404" : "error"}
      title={notFound ? errorCodes.NOT_FOUND.message : messages.cardLoadFailed}
      extra={
        <Space>
          {!notFound && <Button onClick={onRetry}>{messages.cardRefresh}</Button>}
          <Button type="primary" onClick={onBack}>
            返回列表
          </Button>
        </Space>
      }
    />
  );
}
