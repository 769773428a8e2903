// The heavy antd component nearly every page after the workbench shows: the table (with the tree of
// its filter dropdown, selection and pagination), ≈49 KB gzip. The shell loads it once it has drawn
// and the browser is idle (Shell.tsx), after the first page's code, so opening a list afterwards
// fetches only the list's own code. The bundle-size benchmark therefore counts it apart from the
// shell's first load (scripts/bench/bundle-size.ts).
export { Table } from "antd";
