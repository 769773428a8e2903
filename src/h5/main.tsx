// The residents' app (docs/residents.md, "The residents' app"): its own entry and bundle, served at
// /neptune/h5/. antd-mobile only (no staff shell, Refine or antd), zh-CN, built for a phone.
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { unstableSetRender } from "antd-mobile";
import { App } from "./App.tsx";
import "./h5.css";

// antd-mobile's Toast and Dialog render outside the tree; React 19 has no legacy render, so they get createRoot.
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Installed on the phone: the service worker keeps the app's shell (public/h5-sw.js). Built app only:
// the development server's modules are not the build's.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL}h5-sw.js`, { scope: `${import.meta.env.BASE_URL}h5/` }).catch(() => undefined);
  });
}
