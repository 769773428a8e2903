// The page tabs (spec §2 Layout): one tab per opened page, close icons only with more than one tab,
// scroll buttons moving 342 px, and clear-all with two or more tabs. The logic is tabs-state.ts.
import { fillTexts } from "../../../generated/fill-texts.ts";
import { ClearOutlined, CloseOutlined, LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Button, Tooltip } from "antd";
import { useRef } from "react";
import { canClearTabs, canCloseTabs, scrollTabs } from "./tabs-state.ts";
import type { ShellTabs } from "./use-tabs.ts";

export default function Tabs({ tabs }: { tabs: ShellTabs }) {
  const strip = useRef<HTMLDivElement>(null);
  const { state } = tabs;
  if (state.tabs.length === 0) return null;
  const closable = canCloseTabs(state.tabs);

  const scroll = (direction: "left" | "right") => {
    const el = strip.current;
    if (!el) return;
    el.scrollTo({ left: scrollTabs(el.scrollLeft, direction, el.scrollWidth - el.clientWidth), behavior: "smooth" });
  };

  return (
    <div data-testid="shell-tabs" style={{ display: "flex", alignItems: "center", gap: 4, height: 40, padding: "0 8px", background: "#fff", borderBottom: "1px solid rgba(5,5,5,0.06)" }}>
      <Button size="small" type="text" icon={<LeftOutlined />} aria-label="向左滚动" onClick={() => scroll("left")} />
      <div ref={strip} role="tablist" style={{ flex: 1, display: "flex", gap: 4, overflow: "hidden", whiteSpace: "nowrap" }}>
        {state.tabs.map((tab) => {
          const active = tab.path === state.activePath;
          return (
            <div
              key={tab.path}
              role="tab"
              aria-selected={active}
              data-path={tab.path}
              tabIndex={0}
              // The close icon is not a focus stop of its own (a tab holds no other control): Delete closes.
              aria-keyshortcuts={closable ? "Delete" : undefined}
              onClick={() => !active && tabs.activate(tab)}
              // Keyboard: Enter or Space opens the tab, Delete closes it.
              onKeyDown={(e) => {
                if ((e.key === "Enter" || e.key === " ") && e.target === e.currentTarget) {
                  e.preventDefault();
                  if (!active) tabs.activate(tab);
                } else if (e.key === "Delete" && closable) tabs.close(tab.path);
              }}
              style={{
                display: "inline-flex",
                alignItems: "center",
                gap: 6,
                flexShrink: 0,
                height: 28,
                padding: "0 10px",
                borderRadius: 4,
                cursor: "pointer",
                border: `1px solid ${active ? "#1668dc" : "rgba(5,5,5,0.12)"}`,
                background: active ? "#1668dc" : "#fff",
                color: active ? "#fff" : "rgba(0,0,0,0.88)",
              }}
            >
              <span>{tab.title}</span>
              {closable && (
                <CloseOutlined
                  aria-label={fillTexts.webShell.closeTab({ title: tab.title })}
                  style={{ fontSize: 10 }}
                  onClick={(e) => {
                    e.stopPropagation();
                    tabs.close(tab.path);
                  }}
                />
              )}
            </div>
          );
        })}
      </div>
      <Button size="small" type="text" icon={<RightOutlined />} aria-label="向右滚动" onClick={() => scroll("right")} />
      {canClearTabs(state.tabs) && (
        <Tooltip title="关闭其他页签">
          <Button size="small" type="text" icon={<ClearOutlined />} aria-label="清空页签" onClick={tabs.clear} />
        </Tooltip>
      )}
    </div>
  );
}
