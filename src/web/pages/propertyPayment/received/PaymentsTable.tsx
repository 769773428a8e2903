// 实收记录: every charge and refund of the community with its payment type, return flag and pay
// method labels (spec §3), filtered by day, method and flag; a charge can be refunded from its row,
// a refund row of an approved refund opens its voucher (打印凭证), a charge its receipt.
import { useQueryClient } from "@tanstack/react-query";
import { Button, Form, Input, Select, Space } from "antd";
import type { TableProps } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useNavigate } from "react-router";
import { optionsOf } from "../shared/labels.tsx";
import { dateTime, orDash, paymentColumns } from "../shared/columns.tsx";
import { QueryBar } from "../../../generic/table/QueryBar.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { useResourcePage } from "../../../generic/table/useResourcePage.ts";
import { useResourceListOptions } from "../shared/resource-lists.ts";
import { RefundDialog } from "./RefundDialog.tsx";
import { hasAuthority, PAYMENT_CODES } from "../shared/authority.ts";
import { DatePickerOnUse } from "../../../generic/kits/DatePickerOnUse.tsx";
import { ReturnFlag } from "../../../../../generated/states.ts";
import type { PaymentRow } from "./payment-row.ts";

export function PaymentsTable({ communityId }: { communityId: number }) {
  const title = useRouteTitle();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const { page, firstPage, table } = usePaging(20);
  const [refunding, setRefunding] = useState<PaymentRow | null>(null);
  const list = useResourcePage<PaymentRow>("payments", { communityId, ...filters }, page);

  const client = useQueryClient();
  const listOptions = useResourceListOptions();
  const openReceipt = async (receiptNo: string) => {
    const found = await client.fetchQuery(listOptions<{ id: number }>("receipts", { communityId, receiptNo }, 1));
    if (found.list[0]) void navigate(`/propertyPayment/receipt/${found.list[0].id}`);
  };

  const columns: TableProps<PaymentRow>["columns"] = [
    { title: "交易流水号", dataIndex: "serialNo" },
    ...paymentColumns("returnFlag", "paymentType", "payMethod"),
    { title: "金额(元)", dataIndex: "amount", align: "right", render: (v: string, r) => (r.returnFlag === ReturnFlag.Refund ? `-${v}` : v) },
    { title: "房屋", dataIndex: "roomIdLabel" },
    { title: "账单", dataIndex: "billIdLabel" },
    { title: "缴费人", dataIndex: "payerName", render: orDash },
    { title: "收款人", dataIndex: "cashierIdLabel" },
    { title: "收款时间", dataIndex: "paidAt", render: dateTime },
    ...paymentColumns("accountingDay"),
    {
      title: "操作",
      fixed: "right",
      render: (_v, p) => (
        <Space size={4}>
          {p.refundId !== null && p.refundId !== undefined ? (
            <Button type="link" size="small" onClick={() => void navigate(`/propertyPayment/refundVoucher/${p.refundId}`)}>
              打印凭证
            </Button>
          ) : (
            p.receiptNo &&
            hasAuthority(PAYMENT_CODES.cashier) && (
              <Button type="link" size="small" onClick={() => openReceipt(p.receiptNo!)}>
                票据
              </Button>
            )
          )}
          {p.returnFlag !== ReturnFlag.Refund && (
            <Button type="link" size="small" danger onClick={() => setRefunding(p)}>
              退款
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryBar<{ accountingDay?: Dayjs; payMethod?: number; returnFlag?: number; paymentType?: number; keyword?: string }>
        onSearch={(v) => {
          setFilters({
            accountingDay: v.accountingDay?.format("YYYY-MM-DD"),
            payMethod: v.payMethod,
            returnFlag: v.returnFlag,
            paymentType: v.paymentType,
            keyword: v.keyword?.trim() || undefined,
          });
          firstPage();
        }}
      >
        <Form.Item name="accountingDay" label="记账日期">
          <DatePickerOnUse />
        </Form.Item>
        <Form.Item name="payMethod" label="支付方式">
          <Select allowClear style={{ width: 120 }} options={optionsOf("payMethod")} />
        </Form.Item>
        <Form.Item name="returnFlag" label="收退标识">
          <Select allowClear style={{ width: 100 }} options={[{ value: 0, label: "收费" }, ...optionsOf("returnFlag")]} />
        </Form.Item>
        <Form.Item name="paymentType" label="缴费类型">
          <Select allowClear style={{ width: 110 }} options={[...optionsOf("paymentType"), { value: 2, label: "其他" }]} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder="流水号 / 票据号 / 缴费人" style={{ width: 200 }} />
        </Form.Item>
      </QueryBar>
      <DataTable<PaymentRow> label={title} {...table(list, { unit: "条", sizeChanger: true })} columns={columns} />
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} onDone={() => setRefunding(null)} />
    </>
  );
}
