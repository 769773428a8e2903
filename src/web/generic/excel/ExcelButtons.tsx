// 导出 (every list) and 下载模板 / 导入 (resources whose schema says importable: true) on the generic
// list. Export sends the list's current filters; both run as background tasks (the task centre
// lists them) and the button waits for the task: the export downloads its file, the import shows
// its report (rows imported, rejected rows with their row number and reason, 下载错误数据: the
// rejected rows as uploaded with 错误原因, kept in the task centre too) and refreshes the list.
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { texts } from "../../../../generated/texts.ts";
import { operationRoutes } from "../../../../generated/api-client.ts";
import { http } from "../../http/request.ts";
import { DownloadOutlined, ExportOutlined, ImportOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import { App, Button, Table, Typography } from "antd";
import { useRef, useState } from "react";
import type { ResourceDef } from "../../../../generated/model-types.ts";
import { getSceneName, withScene } from "../../state/scene.ts";
import { actionErrorText } from "../RowActions.tsx";
import { apiBase, downloadFile, startExport, startImport, templateUrl, waitForTask } from "./excel-task.ts";

const KEY = "excel-task";

export function ExportButton({ def, body }: { def: ResourceDef; body: () => Record<string, unknown> }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const base = apiBase(def.service, def.name);
  const run = async () => {
    setBusy(true);
    void message.loading({ key: KEY, content: fillTexts.webExcel.exporting({ percent: 0 }), duration: 0 });
    try {
      const { taskId } = await startExport(base, body());
      const task = await waitForTask(base, taskId, (p) => void message.loading({ key: KEY, content: fillTexts.webExcel.exporting({ percent: p }), duration: 0 }));
      if (task.state === "completed" && task.detail?.downloadUrl) {
        await downloadFile(task.detail.downloadUrl);
        void message.success({ key: KEY, content: task.result ?? texts.webExcel.exportDone });
      } else void message.error({ key: KEY, content: task.result ?? texts.webExcel.exportFailed });
    } catch (error) {
      void message.error({ key: KEY, content: actionErrorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<ExportOutlined />} loading={busy} onClick={() => void run()}>
      导出
    </Button>
  );
}

export function ImportButtons({ def, communityId }: { def: ResourceDef; communityId?: string | number | null }) {
  const { message, modal } = App.useApp();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const base = apiBase(def.service, def.name);
  const label = withScene(def.label, getSceneName());

  const run = async (file: File) => {
    if (def.scope === "community" && !communityId) {
      void message.warning(withScene("请先选择{scene}"));
      return;
    }
    setBusy(true);
    void message.loading({ key: KEY, content: "正在导入…", duration: 0 });
    try {
      const { taskId } = await startImport(base, file, def.scope === "community" ? communityId : null);
      const task = await waitForTask(base, taskId, (p) => void message.loading({ key: KEY, content: fillTexts.webExcel.importing({ percent: p }), duration: 0 }));
      message.destroy(KEY);
      // The list, and what its pickers offer: a house import makes the 楼栋 and 单元 it names.
      const referenced = new Set(def.fields.flatMap((f) => (f.ref ? [f.ref.resource] : [])));
      await Promise.all([def.name, ...referenced].map((resource) => invalidate({ resource, invalidates: ["list", "many"] })));
      const rejected = task.detail?.rejected ?? [];
      (rejected.length || task.state === "failed" ? modal.warning : modal.success)({
        title: fillTexts.webExcel.importTitle({ label }),
        width: 640,
        content: (
          <div>
            <Typography.Paragraph>{task.state === "failed" ? (task.result ?? "导入失败") : task.result}</Typography.Paragraph>
            {rejected.length > 0 && task.state !== "failed" && (
              <Typography.Paragraph>
                <Button danger icon={<DownloadOutlined />} onClick={() => void http.download(operationRoutes.downloadImportErrors.path, { taskId }).catch(() => undefined)}>
                  {texts.webExcel.downloadErrors}
                </Button>
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {texts.webExcel.errorsKept}
                </Typography.Text>
              </Typography.Paragraph>
            )}
            {rejected.length > 0 && (
              <Table
                size="small"
                rowKey="row"
                pagination={rejected.length > 10 ? { pageSize: 10, size: "small" } : false}
                dataSource={rejected}
                columns={[
                  { title: "行号", dataIndex: "row", width: 80 },
                  { title: "失败原因", dataIndex: "reason" },
                ]}
              />
            )}
          </div>
        ),
      });
    } catch (error) {
      void message.error({ key: KEY, content: actionErrorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(templateUrl(base)).catch(() => undefined)}>
        下载模板
      </Button>
      <XlsxPickerButton busy={busy} onFile={(file) => void run(file)} />
    </>
  );
}

const XLSX_TYPES = ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * 导入: a button opening the browser's file chooser for one .xlsx file. A hidden file input is all
 * the import needs (antd's Upload would add its upload list and progress bar to every list page).
 */
function XlsxPickerButton({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={XLSX_TYPES}
        hidden
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ""; // the same file may be chosen again after a fix
          if (file) onFile(file);
        }}
      />
      <Button icon={<ImportOutlined />} loading={busy} onClick={() => input.current?.click()}>
        导入
      </Button>
    </>
  );
}
