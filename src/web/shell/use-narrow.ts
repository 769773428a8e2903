// Phone widths: below antd's md breakpoint (768 px) the shell shows the menu as a drawer behind a
// button and folds the header's secondary entries into 更多.
import { Grid } from "antd";

/** Whether the window is narrower than antd's md breakpoint. */
export function useNarrowScreen(): boolean {
  // antd measures the window in a layout effect: until then (the first render) the screens are
  // empty, and the desktop layout is kept rather than flashing the phone one.
  return Grid.useBreakpoint().md === false;
}
