// What every workbench module body shares: its props and the card's loading / failure / content
// frame (spec §8: a card that fails says 数据加载失败，请刷新重试 with a 刷新 link).
import { Button, Spin } from "antd";
import type { ReactNode } from "react";
import { messages } from "../../../../generated/errors.ts";
import type { CardState } from "./card-state.ts";

export interface ModuleProps {
  communityId: string | number;
  authorities: readonly string[];
}

/** Loading, failure (with 刷新) or the card's content. */
export function CardBody<T>({ state, children }: { state: CardState<T>; children: (data: T) => ReactNode }) {
  if (state.status === "loading")
    return (
      <div style={{ textAlign: "center", padding: 24 }}>
        <Spin />
      </div>
    );
  if (state.status === "failed") {
    return (
      <div data-testid="card-failed" style={{ textAlign: "center", padding: "24px 8px", color: "#6e6e6e" }}>
        {messages.cardLoadFailed}
        <Button type="link" size="small" onClick={state.reload} data-testid="card-refresh">
          {messages.cardRefresh}
        </Button>
      </div>
    );
  }
  return <>{children(state.data)}</>;
}
