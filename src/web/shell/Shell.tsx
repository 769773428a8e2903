// Placeholder until the shell lands: the layout route renders the page only.
import { Outlet } from "react-router";
export default function Shell() {
  return <Outlet />;
}
