// The heavy antd component nearly every page after the workbench shows: the table (with the tree of
// its filter dropdown, selection and pagination), ≈49 KB gzip. The shell starts loading it as it
// mounts, beside the first page, so opening a list afterwards fetches only the list's own code.
// The bundle-size benchmark counts it in the shell's first load (scripts/bench/bundle-size.ts).
export { Table } from "antd";
