// A masked value (138****5678) with, for a holder of 查看明文, a 查看 link that reads the full value
// once through `reveal` (a logged read on the server) and shows it in place. `compact` draws the link
// as an icon alone, for a table cell.
import { EyeOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { App, Button, Space } from "antd";
import type { ReactNode } from "react";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { RequestError } from "../http/request.ts";
import { scalarText } from "../../common/scalar-text.ts";

interface RevealValueProps {
  /** The field's label, for the link's accessible name (查看完整手机号). */
  label: string;
  reveal: () => Promise<unknown>;
  compact?: boolean;
  children: ReactNode;
}

export function RevealValue({ label, reveal, compact, children }: RevealValueProps) {
  const { message } = App.useApp();
  const read = useMutation({
    mutationFn: reveal,
    onError: (error) => {
      if (!(error instanceof RequestError && error.kind === "unauthorized")) void message.error(error.message || "查看失败");
    },
  });
  if (read.isSuccess) return <>{scalarText(read.data) || "-"}</>;
  return (
    <Space size={4}>
      {children}
      <Button type="link" size="small" icon={<EyeOutlined />} loading={read.isPending} onClick={() => read.mutate()} aria-label={fillTexts.webList.revealFull({ label })}>
        {compact ? null : "查看"}
      </Button>
    </Space>
  );
}
