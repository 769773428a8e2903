// The shell as a lazily loaded chunk: the route table renders it (src/web/AppRoutes.tsx), and the startup
// starts loading it beside the route table when a signed-in user opens a page behind it (src/web/App.tsx).
import { lazyPage } from "../lib/lazyPage.ts";

export const Shell = lazyPage(() => import("./Shell.tsx"));
