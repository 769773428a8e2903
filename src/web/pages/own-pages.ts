// The pages of the app's own routes (/login and /error/:type), which the startup chunk serves
// itself (src/web/App.tsx) without the page registry or the route table.
import { lazyPage } from "../lib/lazyPage.ts";

export const LoginPage = lazyPage(() => import("./login/LoginPage.tsx"));
export const ErrorPage = lazyPage(() => import("./error/ErrorPage.tsx"));
