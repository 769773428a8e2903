// Hand-written pages by the key a route names in its schema (`page:`). Every page is its own chunk;
// the registry itself is part of the route table's chunk (src/web/AppRoutes.tsx), not of the startup.
// Keys without an implementation here render the 该页面正在建设中 page with the route's title; the
// payment, guide and workbench pages are registered by the issues that build them.
import type { ComponentType, LazyExoticComponent } from "react";
import type { RouteDef } from "../../../generated/model-types.ts";
import { lazyPage } from "./lazyPage.ts";
import { ErrorPage, LoginPage } from "./own-pages.ts";

export interface PageProps {
  /** The route the page is on; absent for the app's own login and error routes. */
  route?: RouteDef;
}

export type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

export const pages: Record<string, PageComponent> = {
  login: LoginPage,
  error: ErrorPage,
  paymentParamConfig: lazyPage(() => import("./payment/settings/PaymentSettingsPage.tsx")),
  billGeneration: lazyPage(() => import("./payment/generation/BillGenerationPage.tsx")),
  billApproval: lazyPage(() => import("./payment/approval/BillApprovalPage.tsx")),
  cashier: lazyPage(() => import("./payment/cashier/CashierPage.tsx")),
  billPay: lazyPage(() => import("./payment/billpay/BillPayPage.tsx")),
  receipt: lazyPage(() => import("./payment/receipt/ReceiptPage.tsx")),
  receivedManagement: lazyPage(() => import("./payment/received/ReceivedManagementPage.tsx")),
  billHistory: lazyPage(() => import("./payment/history/BillHistoryPage.tsx")),
  reconciliation: lazyPage(() => import("./payment/reconciliation/ReconciliationPage.tsx")),
  paymentReport: lazyPage(() => import("./payment/report/PaymentReportPage.tsx")),
  arrears: lazyPage(() => import("./payment/arrears/ArrearsPage.tsx")),
  dunningNotices: lazyPage(() => import("./payment/dunning/DunningNoticesPage.tsx")),
  dunningPrint: lazyPage(() => import("./payment/dunning/DunningPrintPage.tsx")),
  workbench: lazyPage(() => import("./workbench/WorkbenchPage.tsx")),
  taskCenter: lazyPage(() => import("./taskCenter/TaskCenterPage.tsx")),
  clickReport: lazyPage(() => import("./clickReport/ClickReportPage.tsx")),
  menuCustomization: lazyPage(() => import("./menuCustomization/MenuCustomizationPage.tsx")),
  globalBoard: lazyPage(() => import("./boards/GlobalBoardPage.tsx")),
  projectBoard: lazyPage(() => import("./boards/ProjectBoardPage.tsx")),
  videoPatrol: lazyPage(() => import("./video/VideoPatrolPage.tsx")),
  operationAssistant: lazyPage(() => import("./video/OperationAssistantPage.tsx")),
  aiTextSearch: lazyPage(() => import("./video/AiTextSearchPage.tsx")),
  demoVideo: lazyPage(() => import("./video/DemoVideoPage.tsx")),
  testCamera: lazyPage(() => import("./video/TestCameraPage.tsx")),
  houseTemplateEditor: lazyPage(() => import("./smartHome/HouseTemplateEditorPage.tsx")),
  edgeDetail: lazyPage(() => import("./edge/EdgeDetailPage.tsx")),
  inspectStatistics: lazyPage(() => import("./inspect/InspectStatisticsPage.tsx")),
  demoList: lazyPage(() => import("./demo/DemoListPage.tsx")),
  personnelInfo: lazyPage(() => import("./outside/PersonnelInfoPage.tsx")),
  propertyDetail: lazyPage(() => import("./outside/PropertyDetailPage.tsx")),
  ePrevention: lazyPage(() => import("./outside/EPreventionPage.tsx")),
  userEquityCard: lazyPage(() => import("./outside/UserEquityCardPage.tsx")),
  openKey: lazyPage(() => import("./outside/OpenKeyPage.tsx")),
  loginSuccess: lazyPage(() => import("./outside/LoginSuccessPage.tsx")),
  healthCode: lazyPage(() => import("./outside/HealthCodePage.tsx")),
  helpRegister: lazyPage(() => import("./outside/HelpRegisterPage.tsx")),
  downloadApk: lazyPage(() => import("./outside/DownloadApkPage.tsx")),
  downloadApkForOwner: lazyPage(() => import("./outside/DownloadApkPage.tsx")),
  downloadApkForProperty: lazyPage(() => import("./outside/DownloadApkPage.tsx")),
  aiInspectIntelligent: lazyPage(() => import("./external/AiInspectIntelligentPage.tsx")),
  nucleinCompartment: lazyPage(() => import("./external/NucleinCompartmentPage.tsx")),
  externalEntry: lazyPage(() => import("./external/ExternalEntryPage.tsx")),
};

export const UnderConstruction: PageComponent = lazyPage(() => import("./UnderConstruction.tsx"));

/** The page registered under a key, or the under-construction page. */
export function pageFor(key: string | undefined): { component: PageComponent; implemented: boolean } {
  const component = key ? pages[key] : undefined;
  return component ? { component, implemented: true } : { component: UnderConstruction, implemented: false };
}
