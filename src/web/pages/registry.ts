// Hand-written pages by the key a route names in its schema (`page:`), each in the folder of its
// module (src/web/pages/<module>/, docs/web.md). Every page is its own chunk; the registry itself is
// part of the route table's chunk (src/web/AppRoutes.tsx), not of the startup. No page imports this
// file (ESLint holds it): the props a page gets are src/web/lib/page-props.ts.
// Keys without an implementation here render the 该页面正在建设中 page with the route's title; the
// payment, guide and workbench pages are registered by the issues that build them.
import type { ComponentType } from "react";
import { lazyPage, type LazyPage } from "../lib/lazyPage.ts";
import type { PageProps } from "../lib/page-props.ts";
import { ErrorPage, LoginPage } from "./own-pages.ts";

export type PageComponent = LazyPage<ComponentType<PageProps>>;

export const pages: Record<string, PageComponent> = {
  login: LoginPage,
  error: ErrorPage,
  paymentParamConfig: lazyPage(() => import("./propertyPayment/settings/PaymentSettingsPage.tsx")),
  billGeneration: lazyPage(() => import("./propertyPayment/generation/BillGenerationPage.tsx")),
  meterReadingGrid: lazyPage(() => import("./propertyPayment/meters/MeterReadingGridPage.tsx")),
  billApproval: lazyPage(() => import("./propertyPayment/approval/BillApprovalPage.tsx")),
  cashier: lazyPage(() => import("./propertyPayment/cashier/CashierPage.tsx")),
  billPay: lazyPage(() => import("./propertyPayment/billpay/BillPayPage.tsx")),
  receipt: lazyPage(() => import("./propertyPayment/receipt/ReceiptPage.tsx")),
  refundVoucher: lazyPage(() => import("./propertyPayment/received/RefundVoucherPage.tsx")),
  receivedManagement: lazyPage(() => import("./propertyPayment/received/ReceivedManagementPage.tsx")),
  billHistory: lazyPage(() => import("./propertyPayment/history/BillHistoryPage.tsx")),
  reconciliation: lazyPage(() => import("./propertyPayment/reconciliation/ReconciliationPage.tsx")),
  paymentReport: lazyPage(() => import("./propertyPayment/report/PaymentReportPage.tsx")),
  arrears: lazyPage(() => import("./propertyPayment/arrears/ArrearsPage.tsx")),
  dunningNotices: lazyPage(() => import("./propertyPayment/dunning/DunningNoticesPage.tsx")),
  dunningPrint: lazyPage(() => import("./propertyPayment/dunning/DunningPrintPage.tsx")),
  dunningBatchPrint: lazyPage(() => import("./propertyPayment/dunning/DunningBatchPrintPage.tsx")),
  shareAllocation: lazyPage(() => import("./propertyPayment/share/ShareAllocationPage.tsx")),
  shareAllocationPrint: lazyPage(() => import("./propertyPayment/share/ShareAllocationPrintPage.tsx")),
  onlineReconciliation: lazyPage(() => import("./onlinePayment/ReconciliationPage.tsx")),
  reconciliationPrint: lazyPage(() => import("./propertyPayment/reconciliation/DailyClosingPrintPage.tsx")),
  workbench: lazyPage(() => import("./workbench/WorkbenchPage.tsx")),
  taskCenter: lazyPage(() => import("./system/taskCenter/TaskCenterPage.tsx")),
  clickReport: lazyPage(() => import("./help/ClickReportPage.tsx")),
  apiTokens: lazyPage(() => import("./system/apiTokens/ApiTokensPage.tsx")),
  parkingFeeTester: lazyPage(() => import("./parking/ParkingFeeTesterPage.tsx")),
  parkingStayCheckout: lazyPage(() => import("./parking/ParkingStayCheckoutPage.tsx")),
  menuCustomization: lazyPage(() => import("./system/menuCustomization/MenuCustomizationPage.tsx")),
  globalBoard: lazyPage(() => import("./pages/boards/GlobalBoardPage.tsx")),
  projectBoard: lazyPage(() => import("./pages/boards/ProjectBoardPage.tsx")),
  videoPatrol: lazyPage(() => import("./video/VideoPatrolPage.tsx")),
  operationAssistant: lazyPage(() => import("./video/OperationAssistantPage.tsx")),
  aiTextSearch: lazyPage(() => import("./video/AiTextSearchPage.tsx")),
  demoVideo: lazyPage(() => import("./pages/demo/DemoVideoPage.tsx")),
  testCamera: lazyPage(() => import("./pages/outside/TestCameraPage.tsx")),
  houseTemplateEditor: lazyPage(() => import("./smartHome/HouseTemplateEditorPage.tsx")),
  edgeDetail: lazyPage(() => import("./system/EdgeDetailPage.tsx")),
  inspectStatistics: lazyPage(() => import("./workbench/InspectStatisticsPage.tsx")),
  patrolCheckIns: lazyPage(() => import("./patrol/PatrolCheckInsPage.tsx")),
  demoList: lazyPage(() => import("./pages/demo/DemoListPage.tsx")),
  personnelInfo: lazyPage(() => import("./pages/outside/PersonnelInfoPage.tsx")),
  propertyDetail: lazyPage(() => import("./pages/outside/PropertyDetailPage.tsx")),
  ePrevention: lazyPage(() => import("./pages/outside/EPreventionPage.tsx")),
  userEquityCard: lazyPage(() => import("./pages/outside/UserEquityCardPage.tsx")),
  openKey: lazyPage(() => import("./pages/outside/OpenKeyPage.tsx")),
  loginSuccess: lazyPage(() => import("./pages/outside/LoginSuccessPage.tsx")),
  healthCode: lazyPage(() => import("./pages/outside/HealthCodePage.tsx")),
  helpRegister: lazyPage(() => import("./pages/outside/HelpRegisterPage.tsx")),
  downloadApk: lazyPage(() => import("./pages/outside/DownloadApkPage.tsx")),
  downloadApkForOwner: lazyPage(() => import("./pages/outside/DownloadApkPage.tsx")),
  downloadApkForProperty: lazyPage(() => import("./pages/outside/DownloadApkPage.tsx")),
  aiInspectIntelligent: lazyPage(() => import("./aiInspection/AiInspectIntelligentPage.tsx")),
  nucleinCompartment: lazyPage(() => import("./system/NucleinCompartmentPage.tsx")),
  externalEntry: lazyPage(() => import("./system/ExternalEntryPage.tsx")),
};

export const UnderConstruction: PageComponent = lazyPage(() => import("./UnderConstruction.tsx"));

/** The page registered under a key, or the under-construction page. */
export function pageFor(key: string | undefined): { component: PageComponent; implemented: boolean } {
  const component = key ? pages[key] : undefined;
  return component ? { component, implemented: true } : { component: UnderConstruction, implemented: false };
}
