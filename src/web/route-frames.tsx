// The frames every route element sits in: a Suspense for its lazily loaded chunk and an error
// boundary (a chunk that fails to load offers a reload). Plain markup: this is in the startup chunk.
import { Suspense, type ReactNode } from "react";
import { useLocation } from "react-router";
import { AppLoading } from "./ui/AppLoading.tsx";
import { ChunkErrorBoundary } from "./ui/ChunkErrorBoundary.tsx";

/** A light placeholder while a chunk loads (no antd Spin: it would weigh on the startup chunk). */
export const pageFallback = <div aria-busy="true" style={{ minHeight: 120 }} />;

/** Suspense and an error boundary per page; the boundary resets when the path changes. */
export function PageFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary key={pathname}>
      <Suspense fallback={pageFallback}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

/** A layout that stays mounted across its pages (no per-path key), 加载中... while its chunk loads. */
export function LayoutFrame({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<AppLoading />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}
