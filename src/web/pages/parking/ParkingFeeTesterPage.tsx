// 临停计费测试: pick a temporary-parking rule, type an entry and an exit time, and see the fee and its
// breakdown as the server prices it (quoteParkingFee), so an office checks a rule before it charges by it.
// A refused quote (exit before entry, a time that does not exist) shows its message under the form.
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Card, Descriptions, Flex, Form, Typography } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { QuoteParkingFeeData } from "../../../../generated/operation-types.ts";
import { texts } from "../../../../generated/texts.ts";
import { RefSelect } from "../../generic/inputs.tsx";
import { queries } from "../../http/query-client.ts";
import { requestErrorText } from "../../http/request.ts";
import type { PageProps } from "../../lib/page-props.ts";
import { FeeLines, pickerField, StayTimes } from "./stay-parts.tsx";

const T = texts.parkingFee;

const RULE_FIELD = pickerField("ruleId", T.rule, "parkingFeeRules");

export default function ParkingFeeTesterPage(_: PageProps) {
  const [search] = useSearchParams();
  const [ruleId, setRuleId] = useState<number | null>(Number(search.get("ruleId")) || null);
  const [enteredAt, setEnteredAt] = useState("");
  const [leftAt, setLeftAt] = useState("");
  const [warning, setWarning] = useState<string | null>(null);
  const quote = useMutation(queries.quoteParkingFee.mutationOptions({ silent: true, loading: T.quoting }));
  const submit = () => {
    if (!ruleId) return setWarning(T.pickRule);
    if (!enteredAt || !leftAt) return setWarning(T.pickTimes);
    setWarning(null);
    quote.mutate({ body: { ruleId, enteredAt, leftAt } });
  };
  const result: QuoteParkingFeeData | undefined = quote.isSuccess ? quote.data : undefined;
  const problem = warning ?? (quote.isError ? requestErrorText(quote.error, T.quote) : null);
  return (
    <Card title={T.tester} variant="borderless">
      <Typography.Paragraph type="secondary">{T.testerHint}</Typography.Paragraph>
      <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={submit}>
        <Form.Item label={T.rule} htmlFor="fee-tester-rule" required>
          <RefSelect id="fee-tester-rule" field={RULE_FIELD} value={ruleId ?? undefined} onChange={(v) => setRuleId(v ? Number(v) : null)} />
        </Form.Item>
        <StayTimes idPrefix="fee-tester" enteredAt={enteredAt} leftAt={leftAt} onEnteredAt={setEnteredAt} onLeftAt={setLeftAt} />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={quote.isPending}>
            {T.quote}
          </Button>
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      {result && !problem && (
        <Flex vertical gap={12}>
          <Descriptions bordered column={1} items={[{ key: "amount", label: T.amount, children: <Typography.Text strong>{`¥${result.amount}`}</Typography.Text> }]} />
          <FeeLines lines={result.lines} />
        </Flex>
      )}
    </Card>
  );
}
