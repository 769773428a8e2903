// After a create whose answer carries what the server made for the row and shows only this once
// (a field with revealedOnCreate: a webhook's signing secret), a dialog shows each with a copy
// button; closing it goes on as a plain save does.
import type { App } from "antd";
import { Typography } from "antd";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { texts } from "../../../generated/texts.ts";

type Modals = ReturnType<typeof App.useApp>["modal"];

/** Shows the revealed values of a created row (true), or nothing when it carries none (false). */
export function revealOnce(modal: Modals, def: ResourceDef, created: unknown, onClose: () => void): boolean {
  const row = created && typeof created === "object" ? (created as Record<string, unknown>) : {};
  const shown = def.fields.filter((f) => f.revealedOnCreate && typeof row[f.name] === "string");
  if (!shown.length) return false;
  modal.info({
    title: texts.webRevealed.title,
    width: 560,
    okText: texts.webRevealed.close,
    onOk: onClose,
    content: shown.map((f) => (
      <div key={f.name}>
        <Typography.Text strong>{f.label}</Typography.Text>
        <Typography.Paragraph copyable code style={{ wordBreak: "break-all" }}>
          {String(row[f.name])}
        </Typography.Paragraph>
      </div>
    )),
  });
  return true;
}
