// The app's router provider (src/web/providers/routerProvider.ts) matches an address's resource and
// action once per address instead of in every hook: its parse() must answer exactly as the binding's
// own (@refinedev/react-router) for every kind of address the app has.
import { describe, expect, it } from "vitest";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { ResourceContext, type IResourceItem } from "@refinedev/core";
import bindingRouterProvider from "@refinedev/react-router";
import { refineResources } from "../../../../generated/refine-resources.ts";
import { routes } from "../../../../generated/routes.ts";
import { appRouterProvider } from "../../../../src/web/providers/routerProvider.ts";

const resources = refineResources as unknown as IResourceItem[];

/** What each provider's parse() answers at `address`, rendered under `routePath` as the app's route table would. */
function parsedAt(address: string, routePath: string): { app: unknown; binding: unknown } {
  const answers: { app?: unknown; binding?: unknown } = {};
  const Probe = () => {
    answers.app = appRouterProvider.parse!()();
    answers.binding = bindingRouterProvider.parse!()();
    return null;
  };
  const tree: ReactNode = createElement(
    ResourceContext.Provider,
    { value: { resources } },
    createElement(
      MemoryRouter,
      { initialEntries: [address] },
      createElement(Routes, null, createElement(Route, { path: routePath, element: createElement(Probe) }), createElement(Route, { path: "*", element: createElement(Probe) })),
    ),
  );
  renderToString(tree);
  return { app: answers.app, binding: answers.binding };
}

const list = routes.find((r) => r.resource && r.path.startsWith("/community/"))!;
const page = routes.find((r) => r.page === "billGeneration")!;
const query = "?currentPage=2&pageSize=20&to=%2Fcommunity%2Fhouse&filters[0][field]=name&filters[0][value]=%E9%98%B3";

describe("the app's router provider parses an address as Refine's binding does", () => {
  const cases: [string, string, string][] = [
    ["a resource's list", list.path, list.path],
    ["its create form", `${list.path}/create`, `${list.path}/create`],
    ["its edit form", `${list.path}/edit/42`, `${list.path}/edit/:id`],
    ["its detail", `${list.path}/show/7`, `${list.path}/show/:id`],
    ["a detail matched by the resource's route alone (no route params)", `${list.path}/show/7`, "/nothing-else"],
    ["a hand-written page", page.path, page.path],
    ["an address of no resource", "/no/such/page", "/no/such/page"],
    ["a list with a query", `${list.path}${query}`, list.path],
  ];
  it.each(cases)("%s", (_what, address, routePath) => {
    const { app, binding } = parsedAt(address, routePath);
    expect(app).toEqual(binding);
    expect(app).toMatchObject({ pathname: address.replace(/\?.*$/, "") });
  });

  it("finds the resource and action of a list, and the id of a detail", () => {
    expect(parsedAt(list.path, list.path).app).toMatchObject({ resource: { name: list.resource }, action: "list" });
    expect(parsedAt(`${list.path}/show/7`, `${list.path}/show/:id`).app).toMatchObject({ resource: { name: list.resource }, action: "show", id: "7" });
  });
});
