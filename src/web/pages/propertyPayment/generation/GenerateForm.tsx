// The generation request: billing month, communities (the current one by default), their payment
// items, optionally some buildings or rooms, and the amount for manually priced items. Submitting
// starts a background task; `onStarted` gets its id.
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Form, Input, Space } from "antd";
import { RadioGroupField } from "../../../ui/RadioGroupField.tsx";
import type { Dayjs } from "dayjs";
import { chinaToday } from "../../../lib/china-today.ts";
import { useEffect, useMemo, useState } from "react";
import { mappingLabel } from "../../../../common/mappings.ts";
import { houseQueries } from "../api.ts";
import { useCommunities } from "../../../ui/CommunitySelect.tsx";
import { useResourceListOptions } from "../shared/resource-lists.ts";
import { ruleOf } from "../../../lib/rules.ts";
import { DatePickerOnUse } from "../../../generic/kits/DatePickerOnUse.tsx";
import { queries } from "../../../http/query-client.ts";
import { FormItemSelect } from "../../../ui/FormItemSelect.tsx";
import { PricingMethod } from "../../../../../generated/states.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

interface ItemOption {
  id: number;
  name: string;
  communityId: number;
  priceTypeId: number;
  priceTypeIdLabel?: string;
  enabled?: boolean;
}

interface Values {
  period: Dayjs;
  communityIds: number[];
  paymentItemIds: number[];
  scope: "all" | "buildings" | "rooms";
  buildingIds?: number[];
  roomIds?: number[];
  manualAmount?: string;
}

export function GenerateForm({ communityId, onStarted }: { communityId: number; onStarted: (taskId: number) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const [rooms, setRooms] = useState<{ value: number; label: string }[]>([]);
  const listOptions = useResourceListOptions();
  const chosen = Form.useWatch("communityIds", form) ?? [communityId];
  const scope = Form.useWatch("scope", form) ?? "all";
  const watchedItemIds = Form.useWatch("paymentItemIds", form);
  const itemIds = useMemo(() => watchedItemIds ?? [], [watchedItemIds]);
  const single = chosen.length === 1 ? chosen[0] : null;
  const communityList = useCommunities().data;
  const communities = useMemo(() => (communityList ?? []).map((c) => ({ value: c.communityId, label: c.communityName })), [communityList]);
  // The buildings of the chosen community (only a single one can be narrowed to buildings or rooms).
  const buildingList = useQuery({ ...houseQueries.buildings(single ?? 0), enabled: !!single }).data;
  const buildings = (buildingList ?? []).map((b) => ({ value: b.id, label: b.name }));
  useEffect(() => {
    form.setFieldsValue({ communityIds: [communityId], paymentItemIds: [], scope: "all", period: chinaToday().startOf("month") });
  }, [communityId, form]);

  // The chosen communities' enabled payment items and their pricing types' methods.
  const itemPages = useQueries({ queries: chosen.map((id) => listOptions<ItemOption>("paymentItems", { communityId: id }, 200)) });
  const typePages = useQueries({ queries: chosen.map((id) => listOptions<{ id: number; pricingMethod: number }>("priceTypes", { communityId: id }, 200)) });
  const items = itemPages.flatMap((q) => q.data?.list ?? []).filter((i) => i.enabled !== false);
  const methods = new Map(typePages.flatMap((q) => q.data?.list ?? []).map((t) => [t.id, t.pricingMethod]));

  const manual = items.some((i) => itemIds.includes(i.id) && methods.get(i.priceTypeId) === PricingMethod.ManualEntry);
  const names = new Map(communities.map((c) => [c.value, c.label]));

  const searchRooms = async (text: string) => {
    if (!single || !text.trim()) return;
    const page = await client.fetchQuery(houseQueries.search(single, text.trim()));
    setRooms(page.list.map((r) => ({ value: r.id, label: r.roomName })));
  };

  // Errors are shown by the request wrapper.
  const generate = useMutation({
    ...queries.generateBills.mutationOptions(),
    onSuccess: (started) => {
      void message.success(fillTexts.payGeneration.started({ total: started.total }));
      onStarted(started.taskId);
    },
  });
  const submit = (v: Values) =>
    generate.mutate({
      body: {
        period: v.period.format("YYYY-MM"),
        communityIds: v.communityIds,
        paymentItemIds: v.paymentItemIds,
        buildingIds: v.scope === "buildings" ? v.buildingIds : undefined,
        roomIds: v.scope === "rooms" ? v.roomIds : undefined,
        manualAmount: manual ? v.manualAmount?.trim() : undefined,
      },
    });

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: "110px" }} style={{ maxWidth: 820 }} onFinish={submit}>
      <Form.Item name="period" label="账期" rules={[{ required: true, message: "请选择账期" }]}>
        <DatePickerOnUse picker="month" allowClear={false} />
      </Form.Item>
      <Form.Item name="communityIds" label="社区" rules={[{ required: true, message: "请选择社区" }]}>
        <FormItemSelect mode="multiple" options={communities} optionFilterProp="label" onChange={() => form.setFieldsValue({ paymentItemIds: [], scope: "all" })} />
      </Form.Item>
      <Form.Item name="paymentItemIds" label="缴费项目" rules={[{ required: true, message: "请选择缴费项目" }]}>
        <FormItemSelect
          mode="multiple"
          placeholder="请选择缴费项目"
          options={items.map((i) => ({
            value: i.id,
            label: fillTexts.payGeneration.itemLabel({
              community: chosen.length > 1 ? fillTexts.payGeneration.itemCommunity({ name: names.get(i.communityId) ?? "" }) : "",
              name: i.name,
              priceType: i.priceTypeIdLabel ?? "",
              method: mappingLabel("pricingMethod", methods.get(i.priceTypeId)),
            }),
          }))}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="scope" label="房屋范围">
        <RadioGroupField
          options={[
            { value: "all", label: "全部房屋" },
            { value: "buildings", label: "指定楼栋", disabled: !single },
            { value: "rooms", label: "指定房屋", disabled: !single },
          ]}
        />
      </Form.Item>
      {scope === "buildings" && (
        <Form.Item name="buildingIds" label="楼栋" rules={[{ required: true, message: "请选择楼栋" }]}>
          <FormItemSelect mode="multiple" options={buildings} optionFilterProp="label" />
        </Form.Item>
      )}
      {scope === "rooms" && (
        <Form.Item name="roomIds" label="房屋" rules={[{ required: true, message: "请选择房屋" }]}>
          <FormItemSelect mode="multiple" showSearch filterOption={false} onSearch={searchRooms} options={rooms} placeholder="输入房号搜索" />
        </Form.Item>
      )}
      {manual && (
        <Form.Item name="manualAmount" label="手工金额" rules={[ruleOf("amount")]} validateTrigger={["onBlur", "onChange"]} extra="手工录入计价的项目，每户按此金额生成">
          <Input suffix="元" inputMode="decimal" style={{ width: 200 }} />
        </Form.Item>
      )}
      <Form.Item style={{ marginLeft: 110 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={generate.isPending}>
            生成账单
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
