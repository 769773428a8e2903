// Refine data provider on the request wrapper, speaking the generic endpoints of DESIGN.md for a
// resource R of service S:
//   getList    POST   /api/S/R/actions/pageList {pageNo, pageSize, sortField, sortOrder, ...filters}
//   getOne     GET    /api/S/R/{id}
//   getMany    GET    /api/S/R/{id} for each id (list rows carry their labels; this is the fallback)
//   create     POST   /api/S/R
//   update     PUT    /api/S/R/{id}
//   deleteOne  DELETE /api/S/R/{id}
//   deleteMany DELETE /api/S/R/actions/batchDelete {ids}
// Community-scoped resources also send the current community as communityId (the server still
// scopes by the session); meta.communityId names another one, null none (every community the session sees). meta.silent / meta.loading / meta.onMessage pass through to the wrapper.
import type { BaseKey, BaseRecord, CrudFilter, DataProvider } from "@refinedev/core";
import { http, type RequestOptions } from "../http/request.ts";
import { getCurrentCommunityId } from "../state/community.ts";
import { resolveResourceMeta, type ResourceMeta } from "./resourceIndex.ts";

export const API_URL = "/api";
export const DEFAULT_PAGE_SIZE = 10;

interface PageListData<T> {
  list?: T[];
  total?: number;
  pageNo?: number;
  pageSize?: number;
}

/** /api/{service}/{resource} */
export function resourceUrlOf(resource: string, info: ResourceMeta): string {
  if (!info.service) throw new Error(`resource ${resource} has no service`);
  return `${API_URL}/${info.service}/${resource}`;
}

export async function resourceUrl(resource: string, meta?: Record<string, unknown>): Promise<string> {
  return resourceUrlOf(resource, await resolveResourceMeta(resource, meta));
}

function optionsOf(meta?: Record<string, unknown>): RequestOptions {
  return {
    ...(meta?.silent ? { silent: true } : {}),
    ...(meta?.loading ? { loading: meta.loading as boolean | string } : {}),
    ...(typeof meta?.onMessage === "function" ? { onMessage: meta.onMessage as (message: string) => void } : {}),
  };
}

/** Adds communityId for a community-scoped resource: meta.communityId, else the current community (meta.communityId null: none). */
export function withCommunity<T extends Record<string, unknown>>(info: ResourceMeta, body: T, meta?: Record<string, unknown>): T {
  if (info.scope !== "community" || "communityId" in body || meta?.communityId === null) return body;
  const communityId = (meta?.communityId as BaseKey | null | undefined) ?? getCurrentCommunityId();
  return communityId === undefined || communityId === null || communityId === "" ? body : { ...body, communityId };
}

/** Refine filters → body fields (every operator is the field's own match: contains for strings, else equal). */
export function filtersToBody(filters: CrudFilter[] | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const filter of filters ?? []) {
    if (!("field" in filter)) continue; // conditional (or / and) filters are not part of the API
    const value: unknown = filter.value;
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    body[filter.field] = typeof value === "string" ? value.trim() : value;
  }
  return body;
}

/** The pageList body of a getList call. */
export function pageListBody(
  info: ResourceMeta,
  params: {
    pagination?: { currentPage?: number; pageSize?: number; mode?: string };
    sorters?: { field: string; order: "asc" | "desc" }[];
    filters?: CrudFilter[];
    meta?: Record<string, unknown>;
  },
): Record<string, unknown> {
  const pageNo = params.pagination?.currentPage ?? 1;
  const pageSize = params.pagination?.pageSize ?? DEFAULT_PAGE_SIZE;
  const sorter = params.sorters?.[0];
  const body: Record<string, unknown> = {
    pageNo,
    pageSize,
    ...(sorter ? { sortField: sorter.field, sortOrder: sorter.order } : {}),
    ...filtersToBody(params.filters),
  };
  return withCommunity(info, body, params.meta);
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_URL,

  async getList<TData extends BaseRecord = BaseRecord>({ resource, pagination, sorters, filters, meta }: Parameters<DataProvider["getList"]>[0]) {
    const info = await resolveResourceMeta(resource, meta);
    const body = pageListBody(info, { pagination, sorters, filters, meta });
    if (pagination?.mode === "off") {
      body.pageNo = 1;
      body.pageSize = 500;
    }
    const data = await http.post<PageListData<TData> | TData[] | null>(`${resourceUrlOf(resource, info)}/actions/pageList`, body, optionsOf(meta));
    if (Array.isArray(data)) return { data, total: data.length };
    const list = data?.list ?? [];
    return { data: list, total: data?.total ?? list.length };
  },

  // The API has no "by ids" filter; list rows already carry their references' labels
  // (<field>Label), so this is only the fallback: one GET per distinct id, quietly.
  async getMany<TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: Parameters<NonNullable<DataProvider["getMany"]>>[0]) {
    const wanted = [...new Set(ids.map(String))];
    if (wanted.length === 0) return { data: [] as TData[] };
    const url = await resourceUrl(resource, meta);
    const rows = await Promise.all(wanted.map((id) => http.get<TData>(`${url}/${encodeURIComponent(id)}`, undefined, { ...optionsOf(meta), silent: true }).catch(() => null)));
    return { data: rows.filter((row): row is Awaited<TData> => !!row) as TData[] };
  },

  async getOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider["getOne"]>[0]) {
    const data = await http.get<TData>(`${await resourceUrl(resource, meta)}/${encodeURIComponent(String(id))}`, undefined, optionsOf(meta));
    return { data };
  },

  async create<TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, variables, meta }: Parameters<DataProvider["create"]>[0] & { variables: TVariables }) {
    const info = await resolveResourceMeta(resource, meta);
    const body = withCommunity(info, { ...(variables as Record<string, unknown>) }, meta);
    const data = await http.post<TData>(resourceUrlOf(resource, info), body, optionsOf(meta));
    return { data };
  },

  async update<TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, id, variables, meta }: Parameters<DataProvider["update"]>[0] & { variables: TVariables }) {
    const data = await http.put<TData>(`${await resourceUrl(resource, meta)}/${encodeURIComponent(String(id))}`, variables, optionsOf(meta));
    return { data };
  },

  async deleteOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider["deleteOne"]>[0]) {
    const data = await http.delete<TData>(`${await resourceUrl(resource, meta)}/${encodeURIComponent(String(id))}`, undefined, optionsOf(meta));
    return { data: data ?? { id } };
  },

  async deleteMany<TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: Parameters<NonNullable<DataProvider["deleteMany"]>>[0]) {
    await http.delete(`${await resourceUrl(resource, meta)}/actions/batchDelete`, { ids: ids.map(toKey) }, optionsOf(meta));
    return { data: ids.map((id) => ({ id })) as unknown as TData[] };
  },

  async custom<TData extends BaseRecord = BaseRecord>({ url, method, payload, query, headers, meta }: Parameters<NonNullable<DataProvider["custom"]>>[0]) {
    const options = { ...optionsOf(meta), headers };
    const verb = method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
    const data = verb === "get" ? await http.get<TData>(url, (query ?? {}) as Record<string, unknown>, options) : await http[verb]<TData>(url, payload, options);
    return { data };
  },
};

/** Ids travel as numbers when they are integers (the API's ids are integers). */
function toKey(id: BaseKey): BaseKey {
  return typeof id === "string" && /^\d+$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id;
}
