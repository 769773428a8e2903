// 缴费设置 /propertyPayment/paymentParamConfig (spec §2): tabs second = pricing types, first =
// payment items, four = payment parameters, invoiceSet = receipt and invoice, others = other; the
// tab follows the URL's ?tab= (default second). Everything is per community (the header picker).
// Every save (and delete) tells the payment guide, which checks its steps again at once.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Card, Checkbox, Select, Tabs, Typography } from "antd";
import { useTabParam } from "../../../lib/use-tab-param.ts";
import { ROUNDING_OPTIONS } from "../../../../common/payment/rounding.ts";
import { mappingLabel } from "../../../../common/mappings.ts";
import { useCurrentCommunity } from "../../../state/community.ts";
import { announcePaymentConfigChanged } from "../../../guides/events.ts";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { optionsOf } from "../shared/labels.tsx";
import { ResourceDialogTable } from "../../../generic/table/ResourceDialogTable.tsx";
import { hasAuthority, PAYMENT_CODES } from "../shared/authority.ts";
import { FormulaInput } from "./FormulaInput.tsx";
import { BuildingsInput, OccupancyInput } from "./ItemInputs.tsx";
import { SettingsForm } from "./SettingsForm.tsx";
import { queries } from "../../../http/query-client.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export const TAB_KEYS = ["second", "first", "four", "invoiceSet", "others"] as const;

export default function PaymentSettingsPage() {
  const community = useCurrentCommunity();
  const [tab, setTab] = useTabParam(TAB_KEYS, "second");
  const communityId = community?.communityId ?? null;
  const settings = useQuery({ ...queries.getPaymentSettings.queryOptions({ query: { communityId: communityId ?? "" } }), enabled: !!communityId });
  const client = useQueryClient();
  const title = useRouteTitle();
  if (!communityId) return <NeedCommunity title={title} />;
  const s = settings.data;
  const canSave = hasAuthority(PAYMENT_CODES.settings);
  const form = (key: string) => {
    if (!s) return null;
    const onSaved = () => {
      void client.invalidateQueries({ queryKey: queries.getPaymentSettings.key });
      announcePaymentConfigChanged();
    };
    const common = { communityId, settings: s, onSaved, canSave };
    if (key === "four")
      return (
        <SettingsForm
          {...common}
          section="payParams"
          fieldNames={["payMethods", "roundingMode"]}
          savedAt={s.payParamsSavedAt}
          required={{ payMethods: "请至少启用一种支付方式" }}
          inputs={{
            payMethods: () => <Checkbox.Group options={optionsOf("payMethod")} />,
            roundingMode: () => <Select options={ROUNDING_OPTIONS} style={{ width: 240 }} />,
          }}
          extra={
            <Typography.Paragraph type="secondary" style={{ marginLeft: 180 }}>
              尾数处理作用于新生成的账单：先按四舍五入精确到分，再按所选方式处理。
            </Typography.Paragraph>
          }
        />
      );
    if (key === "invoiceSet")
      return (
        <SettingsForm
          {...common}
          section="receipt"
          fieldNames={["receiptTitle", "receiptPrefix", "defaultReceiptType", "invoiceEnabled", "taxNo", "receiptTemplate", "payeeName", "sealEnabled", "sealText"]}
          savedAt={s.receiptSavedAt}
          required={{ receiptPrefix: "请输入票据号前缀" }}
          extra={
            <Typography.Paragraph type="secondary" style={{ marginLeft: 180 }}>
              票据号 = 前缀 + 10 位流水号（本企业内连续编号），如 {(s.receiptPrefix || "SJ") + "0000000001"}；默认票据类型：{mappingLabel("receiptType", s.defaultReceiptType)}
              。票据按所选模板打印（打印时也可另选）：A4 整页、A4 二等分（半张 A4，高 148.5 mm）或针式打印 241 mm 三联（存根联、客户联、记账联）；收款单位未填写时为企业名称。
            </Typography.Paragraph>
          }
        />
      );
    return <SettingsForm {...common} section="other" fieldNames={["allowPartialPayment", "waiverAutoApproveLimit", "autoPrintReceipt", "residentReadingFromDay"]} savedAt={s.otherSavedAt} />;
  };
  const items = [
    {
      key: "second",
      label: "计价类型",
      children: (
        <ResourceDialogTable
          key={`pt${communityId}`}
          resource="priceTypes"
          communityId={communityId}
          onChanged={announcePaymentConfigChanged}
          inputs={{ formula: () => <FormulaInput communityId={Number(communityId)} /> }}
        />
      ),
    },
    {
      key: "first",
      label: "缴费项目",
      children: (
        <ResourceDialogTable
          key={`pi${communityId}`}
          resource="paymentItems"
          communityId={communityId}
          onChanged={announcePaymentConfigChanged}
          inputs={{ occupancyStatuses: () => <OccupancyInput />, buildingIds: () => <BuildingsInput communityId={communityId} /> }}
        />
      ),
    },
    { key: "four", label: "支付参数", children: form("four") },
    { key: "invoiceSet", label: "票据与发票", children: form("invoiceSet") },
    { key: "others", label: "其他设置", children: form("others") },
  ];
  return (
    <Card title={title} variant="borderless" loading={settings.isFetching && !s}>
      <Tabs activeKey={tab} items={items} destroyOnHidden onChange={setTab} />
    </Card>
  );
}
