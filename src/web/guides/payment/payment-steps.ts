// The payment guide's five steps (spec §4: 1 pricing, 2 payment time / items, 3 pay params, 4 receipt,
// 5 other, marked done from GET {property}/bill/steer) and their order rule: step 2 is enabled only
// when step 1 is done, steps 3, 4 and 5 only when 1 and 2 are. Each step opens its tab of the payment
// settings page (spec §2: second = pricing types, first = payment items, four = payment parameters,
// invoiceSet = receipt and invoice, others = other) and needs its permission code (spec §6).
import type { GuideStepItem } from "../guide-steps.ts";

export const PAYMENT_SETTINGS_PATH = "/propertyPayment/paymentParamConfig";
/** The guide needs this code (spec §4). */
export const PAYMENT_GUIDE_CODE = "PRICE_TYPE_CONFIG";

/** GET {property}/bill/steer (communityId). */
export interface PaymentSteerFlags {
  priceTypeConfigEnable: boolean;
  paymentTimeConfigEnable: boolean;
  payParamConfigEnable: boolean;
  receiptConfigEnable: boolean;
  otherConfigEnable: boolean;
}

export const settingsTab = (tab: string): string => `${PAYMENT_SETTINGS_PATH}?tab=${tab}`;

interface PaymentStepDef extends Omit<GuideStepItem, "hasChecked"> {
  flag: keyof PaymentSteerFlags;
  tab: string;
}

const STEP_DEFS: PaymentStepDef[] = [
  {
    id: "pricing",
    flag: "priceTypeConfigEnable",
    tab: "second",
    name: "计价类型配置",
    dec: "设置物业费、水电费等的计价方式与单价",
    icon: "CalculatorOutlined",
    checkedIcon: "CheckCircleFilled",
    router: settingsTab("second"),
    lc: "pay_guide_pricing",
    permissionCode: "PRICE_TYPE_CONFIG",
  },
  {
    id: "paymentItems",
    flag: "paymentTimeConfigEnable",
    tab: "first",
    name: "缴费项目配置",
    dec: "设置缴费项目、缴费时间与账期",
    icon: "ScheduleOutlined",
    checkedIcon: "CheckCircleFilled",
    router: settingsTab("first"),
    lc: "pay_guide_items",
    permissionCode: "PAYMENT_ITEM_CONFIG",
  },
  {
    id: "payParams",
    flag: "payParamConfigEnable",
    tab: "four",
    name: "缴费参数配置",
    dec: "配置线上支付、减免与退款参数",
    icon: "SettingOutlined",
    checkedIcon: "CheckCircleFilled",
    router: settingsTab("four"),
    lc: "pay_guide_params",
    permissionCode: "PAYMENT_PARAM_CONFIG",
  },
  {
    id: "receipt",
    flag: "receiptConfigEnable",
    tab: "invoiceSet",
    name: "票据配置",
    dec: "设置收据与发票的样式和开具规则",
    icon: "FileTextOutlined",
    checkedIcon: "CheckCircleFilled",
    router: settingsTab("invoiceSet"),
    lc: "pay_guide_receipt",
    permissionCode: "INVOICE_CONFIG",
  },
  // The spec gives step 5 no code of its own: the payment settings page's code (HBL1913) guards it.
  {
    id: "other",
    flag: "otherConfigEnable",
    tab: "others",
    name: "其他配置",
    dec: "日结、报表等其他缴费设置",
    icon: "AppstoreOutlined",
    checkedIcon: "CheckCircleFilled",
    router: settingsTab("others"),
    lc: "pay_guide_other",
  },
];

/** The five steps, each marked done from its server flag (missing flags count as not done). */
export function paymentSteps(flags: Partial<PaymentSteerFlags> | null | undefined): GuideStepItem[] {
  return STEP_DEFS.map(({ flag, tab: _tab, ...step }) => ({ ...step, hasChecked: flags?.[flag] === true }));
}

/** spec §4: step 2 needs step 1 done; steps 3, 4 and 5 need steps 1 and 2 done. */
export function paymentStepEnabled(steps: readonly Pick<GuideStepItem, "hasChecked">[], index: number): boolean {
  if (index <= 0) return true;
  if (index === 1) return steps[0]?.hasChecked === true;
  return steps[0]?.hasChecked === true && steps[1]?.hasChecked === true;
}

/** Steps 1 and 2 done: the condition for remembering a collapse and for a permanent close. */
export const firstTwoDone = (steps: readonly Pick<GuideStepItem, "hasChecked">[]): boolean => steps[0]?.hasChecked === true && steps[1]?.hasChecked === true;

/** The six features of the welcome view (spec §2 Layout). */
export const WELCOME_FEATURES = [
  { key: "autoBill", title: "账单自动计价", icon: "CalculatorOutlined" },
  { key: "onlinePay", title: "线上缴费", icon: "MobileOutlined" },
  { key: "waiverRefund", title: "小额减免与退款", icon: "RollbackOutlined" },
  { key: "receiptInvoice", title: "收据与发票", icon: "FileTextOutlined" },
  { key: "dailySettlement", title: "每日结算", icon: "AccountBookOutlined" },
  { key: "reports", title: "统计报表", icon: "BarChartOutlined" },
] as const;
