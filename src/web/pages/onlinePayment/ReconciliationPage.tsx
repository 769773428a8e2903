// 渠道对账: the batches of the channel reconciliation (the generic list of onlinePaymentReconciliations)
// with 重新对账 above it: a merchant and a day, the statement downloaded again or read from an
// uploaded file (reconcileOnlinePayments). The differences and their 补单 / 标记退款 are the generic
// list of 对账差异.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Flex, Form, Typography, Upload } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { queries } from "../../http/query-client.ts";
import type { PageProps } from "../../lib/page-props.ts";
import { useResourceDef } from "../../providers/resourceDefs.ts";
import { FieldInput, RefSelect } from "../../generic/inputs.tsx";
import ListPage from "../../generic/ListPage.tsx";
import { texts } from "../../../../generated/texts.ts";
import { fillTexts } from "../../../../generated/fill-texts.ts";

const RESOURCE = "onlinePaymentReconciliations";
const T = texts.onlineRecon;

/** A file's bytes as base64 (the server reads a zip or a CSV in either encoding from it). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export default function ReconciliationPage({ route }: PageProps) {
  const def = useResourceDef(RESOURCE);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [merchantId, setMerchantId] = useState<number | undefined>();
  const [day, setDay] = useState<Dayjs | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const run = useMutation({
    ...queries.reconcileOnlinePayments.mutationOptions({ loading: T.running }),
    onSuccess: (result) => {
      void message.success(fillTexts.onlineRecon.done(result));
      void client.invalidateQueries();
    },
  });
  const merchantField = def?.fields.find((f) => f.name === "merchantId");
  const dateField = def?.fields.find((f) => f.name === "billDate");
  const submit = async () => {
    const billDate = day?.format("YYYY-MM-DD");
    if (!merchantId || !billDate) {
      void message.warning(T.required);
      return;
    }
    run.mutate({ body: { merchantId, billDate, statement: file ? await base64Of(file) : null } });
  };
  return (
    <Flex vertical gap={12}>
      <Card size="small" title={T.rerun}>
        <Typography.Paragraph type="secondary">{T.rerunHint}</Typography.Paragraph>
        <Form layout="inline">
          <Form.Item label={T.merchant} htmlFor="recon-merchant">
            {merchantField && <RefSelect id="recon-merchant" field={merchantField} value={merchantId} onChange={(v) => setMerchantId(v ? Number(v) : undefined)} />}
          </Form.Item>
          <Form.Item label={T.billDate} htmlFor="recon-day">
            {dateField && <FieldInput id="recon-day" field={dateField} value={day} onChange={(v) => setDay((v as Dayjs | null | undefined) ?? undefined)} />}
          </Form.Item>
          <Form.Item label={T.statement}>
            <Upload
              maxCount={1}
              fileList={[]}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
            >
              <Button>{file ? file.name : T.chooseFile}</Button>
            </Upload>
            {file && (
              <Button type="link" onClick={() => setFile(null)}>
                {T.clearFile}
              </Button>
            )}
          </Form.Item>
          <Form.Item>
            <Button type="primary" loading={run.isPending} onClick={() => void submit()}>
              {T.rerun}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {route && <ListPage resource={RESOURCE} route={route} />}
    </Flex>
  );
}
