// antd's Result for a failure (a load that failed, a page refused), fetched only when one is shown: with its status illustrations
// it weighs ≈10 KB gzip, and the shell, the workbench and the generic pages draw one only then, so it is
// no part of their first load (docs/benchmarks.md "Web bundle sizes").
import { lazy, Suspense, type ComponentProps } from "react";
import type { Result } from "antd";

const LazyResult = lazy(() => import("antd/es/result"));

export function FailureResult(props: ComponentProps<typeof Result>) {
  return (
    <Suspense fallback={null}>
      <LazyResult {...props} />
    </Suspense>
  );
}
