// Hand-written pages by the key a route names in its schema (`page:`). Every page is its own chunk.
// Keys without an implementation here render the 该页面正在建设中 page with the route's title; the
// payment, guide and workbench pages are registered by the issues that build them.
import type { ComponentType, LazyExoticComponent } from "react";
import type { RouteDef } from "../../../generated/model-types.ts";
import { lazyPage } from "./lazyPage.ts";

export interface PageProps {
  /** The route the page is on; absent for the app's own login and error routes. */
  route?: RouteDef;
}

export type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

export const pages: Record<string, PageComponent> = {
  login: lazyPage(() => import("./login/LoginPage.tsx")),
  error: lazyPage(() => import("./error/ErrorPage.tsx")),
};

export const UnderConstruction: PageComponent = lazyPage(() => import("./UnderConstruction.tsx"));

/** The page registered under a key, or the under-construction page. */
export function pageFor(key: string | undefined): { component: PageComponent; implemented: boolean } {
  const component = key ? pages[key] : undefined;
  return component ? { component, implemented: true } : { component: UnderConstruction, implemented: false };
}
