// Refine's React Router binding (@refinedev/react-router), with one change: the resource and action
// of an address are matched once per address and shared. The binding's parse() matches the address
// against every action route of every resource (115 resources, about 460 routes) in each hook that
// asks (useTable, useForm, useResourceParams, … about 35 on a list page), again in each on every
// navigation: 70 ms of main thread per navigation. The match depends on the address and the
// resources only. Everything else is the binding's own (go, back, Link; parse's answer is the same).
import { matchResourceFromRoute, QS_PARSE_DEPTH, ResourceContext, type RouterProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import qs from "qs";
import { useCallback, useContext } from "react";
import { matchPath, useLocation, useParams } from "react-router";

type ResourceMatch = ReturnType<typeof matchResourceFromRoute>;
type Resources = Parameters<typeof matchResourceFromRoute>[1];

/** The match of each address seen, per resources list (Refine's, one for the app's life). */
const matches = new WeakMap<Resources, Map<string, ResourceMatch>>();
/** Addresses kept at most: a long day's detail pages (one address per row opened) start the memory afresh. */
const KEPT = 500;

function sharedMatch(pathname: string, resources: Resources): ResourceMatch {
  let byPath = matches.get(resources);
  if (!byPath) matches.set(resources, (byPath = new Map<string, ResourceMatch>()));
  let match = byPath.get(pathname);
  if (!match) {
    if (byPath.size >= KEPT) byPath.clear();
    byPath.set(pathname, (match = matchResourceFromRoute(pathname, resources)));
  }
  return match;
}

/** "12" → 12; anything else as it came (the binding's own rule for currentPage and pageSize). */
function numberIfPossible(value: unknown): unknown {
  if (typeof value === "undefined") return value;
  const num = Number(value);
  return `${num}` === value ? num : value;
}

function useParse(): ReturnType<NonNullable<RouterProvider["parse"]>> {
  let params: Record<string, string | undefined> = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = sharedMatch(pathname, resources);
  if (Object.entries(params).length === 0 && matchedRoute) params = matchPath(matchedRoute, pathname)?.params ?? {};
  return useCallback(() => {
    const combined: Record<string, unknown> = { ...params, ...qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }) };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params?.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: {
        ...combined,
        currentPage: numberIfPossible(combined.currentPage) as number | undefined,
        pageSize: numberIfPossible(combined.pageSize) as number | undefined,
        to: typeof combined.to === "string" && combined.to ? decodeURIComponent(combined.to) : undefined,
      },
    };
  }, [pathname, search, params, resource, action]);
}

export const appRouterProvider: RouterProvider = { ...routerProvider, parse: useParse };
