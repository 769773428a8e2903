// The tours started from the guides: the payment set-up tour (the guide's steps, then each tab of the
// payment settings page: antd tabs carry their key in data-node-key) and the smart-home tour (the
// guide's steps, then each smart-home page).
import { GUIDE_OPENED_EVENT, OPEN_GUIDE_EVENT } from "../guides/events.ts";
import { settingsTab } from "../guides/payment/payment-steps.ts";
import type { TourDef } from "./tour-state.ts";

export const GUIDE_BUTTON_SELECTOR = 'button[aria-label="使用引导"]';
const PAGE = '[data-testid="shell-page"]';

export const paymentSetupTour: TourDef = {
  id: "paymentSetup",
  title: "物业缴费配置演示",
  steps: [
    {
      target: '[data-tour="payment-guide-panel"]',
      title: "缴费配置引导",
      description: "开通物业缴费需要完成五个配置步骤，完成的步骤会自动打勾，按顺序完成即可。",
      fire: { event: OPEN_GUIDE_EVENT, detail: { section: "payment" }, waitFor: GUIDE_OPENED_EVENT },
      placement: "bottom",
    },
    { target: '[data-node-key="second"]', path: settingsTab("second"), title: "第一步：计价类型", description: "先配置物业费、水电费等的计价方式和单价，账单会按它自动计价。", placement: "bottom" },
    { target: '[data-node-key="first"]', path: settingsTab("first"), title: "第二步：缴费项目", description: "为每个收费项目选择计价类型，并设置缴费时间与账期。", placement: "bottom" },
    { target: '[data-node-key="four"]', path: settingsTab("four"), title: "第三步：缴费参数", description: "配置线上支付、小额减免与退款等参数。", placement: "bottom" },
    { target: '[data-node-key="invoiceSet"]', path: settingsTab("invoiceSet"), title: "第四步：票据配置", description: "设置收据与发票的样式和开具规则。", placement: "bottom" },
    { target: '[data-node-key="others"]', path: settingsTab("others"), title: "第五步：其他配置", description: "日结、报表等其他设置，完成后即可开始收费。", placement: "bottom" },
    { target: GUIDE_BUTTON_SELECTOR, title: "随时打开引导", description: "关闭引导后，点击这里可以随时重新打开。", placement: "bottomRight" },
  ],
};

export const smartHomeTour: TourDef = {
  id: "smartHome",
  title: "智能家居配置演示",
  steps: [
    {
      target: '[data-tour="smart-home-guide-panel"]',
      title: "智能家居使用引导",
      description: "按顺序完成这些步骤即可交付智能家居，完成的步骤会自动打勾。",
      fire: { event: OPEN_GUIDE_EVENT, detail: { section: "smartHome" }, waitFor: GUIDE_OPENED_EVENT },
      placement: "bottom",
    },
    { target: '[data-tour="smart-step-basic"]', title: "第一步：基础数据", description: "先完善社区、房屋与住户，智能设备会装到这些房屋里。", placement: "bottom" },
    { target: PAGE, path: "/intelligence/smartDevice", title: "第二步：智能设备", description: "在这里添加网关、门锁、灯光等智能设备。", placement: "top" },
    { target: PAGE, path: "/intelligence/smartHouseTemplate", title: "第三步：户型模板", description: "按户型设计房间和设备位置，同户型的房屋可以共用。", placement: "top" },
    { target: PAGE, path: "/intelligence/smartRoom", title: "第四步：户型关联房屋", description: "为每个智能房间选择户型模板和施工人员。", placement: "top" },
    { target: PAGE, path: "/intelligence/smartWorkers", title: "第五步：施工人员", description: "添加负责安装与交付的施工人员。", placement: "top" },
  ],
};

export const tours: Record<string, TourDef> = { [paymentSetupTour.id]: paymentSetupTour, [smartHomeTour.id]: smartHomeTour };
