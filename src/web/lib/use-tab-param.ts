// A page's tabs following the URL's ?tab= (a link can open a given tab: the workbench's to-dos open
// 退款审核 and 减免审核), replacing the history entry as the user switches.
import { useSearchParams } from "react-router";

export function useTabParam<K extends string>(keys: readonly K[], fallback: K): [K, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab = keys.includes(asked as K) ? (asked as K) : fallback;
  const setTab = (key: string) => {
    const next = new URLSearchParams(params);
    next.set("tab", key);
    setParams(next, { replace: true });
  };
  return [tab, setTab];
}
