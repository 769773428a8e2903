// Hand-written demo values for the resources people look at first (community, houses, residents'
// cards and visitors, property services, payment set-up, licences, roles...). A template gives the
// fields it cares about; the others keep their generic value (field-values.ts). `count` overrides how
// many rows a scope gets (per community for community-scoped resources, else per tenant).
import { constants } from "../../../generated/constants.ts";
import type { ValueContext } from "./field-values.ts";
import { demoImage, isoDate } from "./field-values.ts";
import { cardNumber, idCard, mobile, personName, plate, plateProvince } from "./person-data.ts";
import { chinaDay } from "../../common/china-time.ts";
import type { ResourceInput } from "../crud/row.ts";
import type { JsonObject } from "../platform/db/row.ts";

export interface TemplateContext extends ValueContext {
  community: { id: number; name: string; administrativeCode: string | null } | null;
  communities: { id: number; name: string }[];
  /** An id of a resource made before (same community when it is community-scoped); offset shifts the choice. */
  pick(resource: string, offset?: number): number | undefined;
  pickAll(resource: string): number[];
}

export interface Template {
  count?: { A?: number; B?: number };
  /** Field values; undefined removes a field (leaves it empty). */
  row(ctx: TemplateContext): ResourceInput;
}

const DAY = 24 * 60 * 60 * 1000;
const at = (c: TemplateContext, days: number, hour = 9) => {
  const d = new Date(c.now.getTime() + days * DAY);
  d.setUTCHours(hour - 8, 0, 0, 0); // hour in China time
  return d.toISOString();
};
const day = (c: TemplateContext, days: number) => isoDate(new Date(c.now.getTime() + days * DAY));
const nth = <T>(list: readonly T[], i: number): T => list[i % list.length];
const region = (c: TemplateContext) => c.community?.administrativeCode ?? "330106";

const DEVICES = [
  { name: "1栋1单元门口机", category: 1, model: "DS-KD8003", location: "1栋1单元入口", online: true },
  { name: "东门围墙机", category: 2, model: "DS-KV8113", location: "东门", online: true },
  { name: "东门入口摄像机", category: 6, model: "DS-2CD3T46WDV3", location: "东门入口", online: true },
  { name: "物业管理机", category: 4, model: "DS-KM8301", location: "物业服务中心", online: true },
  { name: "地下车库摄像机", category: 6, model: "DS-2CD2347G2", location: "地下车库B1入口", online: false },
  { name: "1栋大堂人脸抓拍机", category: 7, model: "DS-2CD7A47FWD", location: "1栋大堂", online: true },
];
const CAMERAS = DEVICES.filter((d) => d.category === 6 || d.category === 7);
const ALARMS = [
  { content: "地下车库摄像机离线", type: 1, location: "地下车库B1入口", status: 0, note: undefined },
  { content: "烟感告警：1栋3楼走廊", type: 2, location: "1栋3楼", status: 1, note: undefined },
  { content: "门禁告警：东门被强行打开", type: 4, location: "东门", status: 2, note: "现场核查为住户搬家，门已复位" },
];
const CAPTURES = [
  { channel: "东门入口摄像机", type: 4, plate: "浙A12345", description: "黑色SUV驶入东门" },
  { channel: "1栋大堂人脸抓拍机", type: 3, plate: undefined, description: "住户刷脸进入1栋大堂" },
  { channel: "地下车库摄像机", type: 2, plate: undefined, description: "车库入口有人员走动" },
];

const LICENCE_TOTALS: Record<number, [total: number, used: number]> = { 212: [200, 86], 209: [120, 64], 217: [4, 2], 251: [800, 412], 252: [3, 1] };

const PATROL_POINTS = [
  { name: "东门岗亭", pointType: 1, location: "东门入口岗亭", patrolType: 1 },
  { name: "地下车库入口", pointType: 2, location: "地下车库B1入口", patrolType: 1 },
  { name: "消防通道", pointType: 1, location: "1栋东侧消防通道", patrolType: 1 },
  { name: "配电房", pointType: 3, location: "2栋负一层配电房", patrolType: 4 },
];
const PATROL_SHIFTS = [
  { name: "白班", start: "08:00", end: "20:00", patrolType: 1 },
  { name: "夜班", start: "20:00", end: "08:00", patrolType: 1 },
  { name: "离线白班", start: "08:00", end: "17:00", patrolType: 4 },
];
/** Plans by shift (the same position); points by their position in PATROL_POINTS. */
const PATROL_PLANS = [
  { name: "白班巡更", points: [0, 1, 2], cycle: 1, startTime: "09:00", expectedTime: 60, sinceDays: 7, patrolType: 1 },
  { name: "夜班巡更", points: [0, 2], cycle: 1, startTime: "22:00", expectedTime: 45, sinceDays: 7, patrolType: 1 },
  { name: "配电房巡检", points: [3], cycle: 2, startTime: "10:00", expectedTime: 30, sinceDays: 14, patrolType: 4 },
];

interface PatrolCheckInSeed {
  /** Position in PATROL_PLANS, and the point's position in that plan's route. */
  plan: number;
  point: number;
  /** China calendar days before today; undefined: the latest Monday before today. */
  daysAgo?: number;
  hour: number;
  minute: number;
  result: 1 | 2;
  remark?: string;
  /** A manual 打卡 that names no plan (it counts for any plan of the point). */
  manual?: boolean;
}

/**
 * The check-ins of the last 7 days (all within their shift: day shift 09:00–11:59, night shift
 * 22:00–23:59), each point missed now and then: those show as 漏检. Today's shifts have none yet.
 */
const PATROL_CHECK_INS: PatrolCheckInSeed[] = (() => {
  const out: PatrolCheckInSeed[] = [];
  for (let d = 1; d <= 7; d++) {
    for (let j = 0; j < 3; j++) {
      if ((d + j) % 4 === 0) continue;
      const abnormal = d === 3 && j === 2;
      out.push({
        plan: 0,
        point: j,
        daysAgo: d,
        hour: 9 + j,
        minute: (d * 7 + j * 11) % 50,
        result: abnormal ? 2 : 1,
        remark: abnormal ? "消防通道堆放杂物，已通知清理" : d === 2 && j === 0 ? "手动补录" : undefined,
        manual: d === 2 && j === 0,
      });
    }
    for (let j = 0; j < 2; j++) if ((d + j) % 3 !== 0) out.push({ plan: 1, point: j, daysAgo: d, hour: 22 + j, minute: (d * 5 + j * 13) % 50, result: 1 });
  }
  out.push({ plan: 2, point: 0, hour: 10, minute: 15, result: 1 });
  return out;
})();

/** 1 = Monday … 7 = Sunday of `now`'s China day. */
const chinaWeekday = (now: Date) => ((new Date(`${chinaDay(now)}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
/** The instant of hh:mm China time, `daysAgo` China days before today. */
const chinaAt = (c: TemplateContext, daysAgo: number, hour: number, minute: number) =>
  new Date(Date.parse(`${chinaDay(new Date(c.now.getTime() - daysAgo * DAY))}T00:00:00Z`) + ((hour - 8) * 60 + minute) * 60_000).toISOString();

export const templates: Record<string, Template> = {
  // Made by the online-payment seed (seed/onlinepay.ts: a day reconciled through the product's own
  // comparison), never invented: a batch's counts agree with its differences.
  onlinePaymentReconciliations: { count: { A: 0, B: 0 }, row: () => ({}) },
  onlinePaymentReconDifferences: { count: { A: 0, B: 0 }, row: () => ({}) },
  // Made by the same seed through the product's settlement and gateway refunds (orders and their bills,
  // refunds of online payments): a generated row would name an order that never took money.
  onlinePaymentOrders: { count: { A: 0, B: 0 }, row: () => ({}) },
  onlinePaymentOrderBills: { count: { A: 0, B: 0 }, row: () => ({}) },
  onlinePaymentRefunds: { count: { A: 0, B: 0 }, row: () => ({}) },
  // Views over the residents' own tables (made by their sign-in and bindings), never rows of their own.
  residentAppAccounts: { count: { A: 0, B: 0 }, row: () => ({}) },
  residentAppRooms: { count: { A: 0, B: 0 }, row: () => ({}) },
  // Made by the payment seed through the product's own 公摊 (its lines and bills agree), never invented.
  shareAllocations: { count: { A: 0, B: 0 }, row: () => ({}) },
  // Endpoints an office might register, 停用 so that nothing is pushed to these invented addresses
  // (and with no secret: one turned on reports that it must be made again); their deliveries are a
  // history of refused tries (推送失败, no try ahead), so the sweep never takes them.
  webhookSubscriptions: {
    row: (c) => ({
      name: nth(["财务系统", "业主服务号", "数据中台"], c.i),
      url: `https://erp${c.i + 1}.example.com/neptune/hooks`,
      events: nth([["bill.paid", "refund.approved"], ["resident.created"], ["day.closed", "receipt.voided"]], c.i),
      enabled: false,
    }),
  },
  webhookDeliveries: {
    row: (c) => ({
      subscriptionId: c.pick("webhookSubscriptions", c.i),
      event: "bill.paid",
      eventId: `00000000-0000-4000-8000-${String(c.k).padStart(12, "0")}`,
      payload: { event: "bill.paid", data: {} },
      status: 4,
      attempts: 8,
      lastStatusCode: 503,
      lastError: "HTTP 503",
      lastAttemptAt: at(c, -(c.i + 1)),
    }),
  },
  areas: {
    row: (c) => ({
      name: nth(c.tag === "A" ? ["华东区域", "杭州片区", "上海片区", "华南区域", "深圳片区", "华北区域"] : ["西湖区域", "滨江区域", "余杭区域"], c.i),
      parentId: undefined,
      type: 1,
      sortNo: c.i + 1,
    }),
  },
  communities: {
    count: { B: 1 },
    row: (c) => ({ name: nth(["桂语江南", "云栖花园", "金色家园"], c.i), contactName: "物业服务中心", contactPhone: mobile(c.k + 500) }),
  },
  buildings: { row: (c) => ({ name: `${c.i + 1}栋`, floors: 18, sortNo: c.i + 1 }) },
  units: { row: (c) => ({ name: `${c.i + 1}单元` }) },
  users: {
    row: (c) => {
      const people =
        c.tag === "A"
          ? [
              ["wangfang01", "王芳"],
              ["chenjie02", "陈杰"],
              ["zhoumin03", "周敏"],
              ["wuqiang04", "吴强"],
            ]
          : [
              ["zhaolei11", "赵磊"],
              ["sunli12", "孙丽"],
            ];
      const [username, realName] = nth(people, c.i);
      return { username, realName, phone: mobile(c.k + 900), userType: "1", roleId: c.pick("characters", 1), companyShortName: undefined, enabled: true };
    },
  },
  characters: {
    row: (c) =>
      nth(
        [
          {
            name: "收费员",
            description: "物业缴费、账单与收银",
            authorities: [
              "HBL0001",
              "HBL0701315",
              "HBL0701317",
              "HBL1901",
              "HBL1903",
              "HBL1905",
              "HBL1907",
              "HBL1913",
              "HBL0701309",
              "HBL1915",
              "HBL1917",
              "PRICE_TYPE_CONFIG",
              "PAYMENT_ITEM_CONFIG",
              "PAYMENT_PARAM_CONFIG",
              "INVOICE_CONFIG",
              "METER_MANAGE",
              "METER_READING_ENTER",
              "METER_READING_APPROVE",
            ],
          },
          {
            name: "安保主管",
            description: "巡更、告警、视频与门禁",
            authorities: ["HBL0001", "HBL20001", "HBL20003", "HBL20005", "HBL20007", "HBL14001", "HBL14002", "HBL09001", "HBL09002", "HBL06002", "HBL01009"],
          },
          { name: "客服专员", description: "住户、投诉建议与报事报修", authorities: ["HBL0001", "HBL01001", "HBL01005", "HBL07003", "HBL07005", "HBL07011"] },
        ],
        c.tag === "A" ? c.i - 1 : c.i + 2,
      ),
  },
  licenceQuotas: {
    count: { A: 5, B: 2 },
    row: (c) => {
      const type = [212, 209, 217, 251, 252][c.i];
      const [total, used] = LICENCE_TOTALS[type];
      const names = constants.licenceServiceTypes as Record<string, string>;
      return {
        serviceType: type,
        serviceName: names[String(type)],
        serviceTotalNum: c.tag === "A" ? total : Math.ceil(total / 4),
        serviceUseNum: c.tag === "A" ? used : Math.ceil(used / 4),
        validityDate: day(c, 365 - c.i * 30),
      };
    },
  },
  cards: {
    row: (c) => ({ cardNo: cardNumber(c.k, c.tag), inhabitantId: c.pick("inhabitants", c.i * 7), cardType: (c.k % 3) + 1, validUntil: day(c, 365 * 2), enabled: c.i !== 2 }),
  },
  visitors: {
    row: (c) => ({
      name: personName(c.k * 3 + 101),
      phone: mobile(c.k * 11 + 77),
      roomId: c.pick("rooms", c.i * 5),
      plate: c.i % 2 === 0 ? plate(c.k + 31, plateProvince(region(c))) : undefined,
      visitTime: at(c, -c.i, 10 + c.i * 2),
      qrDurationHours: [24, 4, 48][c.i % 3],
    }),
  },
  communalAreas: {
    row: (c) => ({
      name: nth(["健身广场", "儿童乐园", "多功能活动室", "篮球场"], c.i),
      location: nth(["中心花园东侧", "3栋南侧", "会所二楼", "地库出口旁"], c.i),
      capacity: [60, 30, 80, 20][c.i % 4],
      openTime: "06:00-22:00",
      bookable: c.i !== 1,
    }),
  },
  communalAreaBookings: {
    row: (c) => ({
      communalAreaId: c.pick("communalAreas", c.i),
      bookingDate: day(c, c.i + 1),
      timeSlot: nth(["09:00-11:00", "14:00-16:00", "19:00-21:00"], c.i),
      bookerName: personName(c.k + 41),
      phone: mobile(c.k + 41),
      roomId: c.pick("rooms", c.i * 3),
      participants: 10 + c.i * 5,
      purpose: nth(["业主生日聚会", "羽毛球友谊赛", "社区读书会"], c.i),
      status: [2, 1, 3][c.i % 3],
      rejectReason: c.i % 3 === 2 ? "该时段已有活动安排" : undefined,
    }),
  },
  notices: {
    row: (c) => ({
      ...nth(
        [
          { title: "关于小区计划停水的通知", noticeType: 4, content: "因市政管网检修，本小区将于本周六8:00至16:00停水，请各位业主提前做好储水准备。给您带来的不便，敬请谅解。" },
          { title: "端午节社区邻里活动预告", noticeType: 2, content: "端午节当天上午9点在中心花园举办包粽子活动，欢迎业主携家人参加，现场提供材料。" },
          { title: "电梯年度检验公告", noticeType: 1, content: "根据特种设备安全要求，各楼栋电梯将于下周分批进行年度检验，检验期间请走楼梯或使用另一部电梯。" },
        ],
        c.i,
      ),
      publishStatus: c.i === 2 ? 0 : 1,
      publishTime: c.i === 2 ? undefined : at(c, -c.i * 2),
      expireTime: at(c, 30),
      pinned: c.i === 0,
      // The pinned notice and the draft go to the residents' app too; the second stays on the staff side.
      toResidents: c.i !== 1,
    }),
  },
  repairs: {
    row: (c) => ({
      repairType: c.i === 1 ? 2 : 1,
      content: nth(["厨房水管漏水，需要上门维修", "3栋2单元楼道灯不亮", "卫生间地漏堵塞，排水很慢"], c.i),
      roomId: c.pick("rooms", c.i * 4),
      reporterName: personName(c.k + 61),
      phone: mobile(c.k + 61),
      reportTime: at(c, -c.i, 8 + c.i),
      status: [1, 3, 4][c.i % 3],
      assigneeId: c.i === 0 ? undefined : c.pick("users"),
      result: c.i === 2 ? "已疏通地漏并更换密封圈" : undefined,
      score: c.i === 2 ? 5 : undefined,
      evaluation: c.i === 2 ? "师傅上门及时，处理很专业" : undefined,
    }),
  },
  suggestions: {
    row: (c) => ({
      type: [1, 2, 3][c.i % 3],
      content: nth(["建议在小区东门增设快递柜", "夜间地库有车辆乱停，影响通行", "保洁阿姨工作认真，楼道很干净，提出表扬"], c.i),
      reporterName: personName(c.k + 71),
      phone: mobile(c.k + 71),
      roomId: c.pick("rooms", c.i * 6),
      submitTime: at(c, -c.i - 1, 20),
      status: [1, 2, 3][c.i % 3],
      reply: c.i === 2 ? "感谢您的认可，我们会继续努力" : undefined,
    }),
  },
  activities: {
    row: (c) => ({
      title: nth(["社区邻里节", "老年人健康讲座", "亲子手工课堂"], c.i),
      startTime: at(c, 3 + c.i * 7, 9),
      endTime: at(c, 3 + c.i * 7, 11),
      place: nth(["中心花园", "会所多功能厅", "儿童乐园"], c.i),
      maxParticipants: [200, 50, 30][c.i % 3],
      content: nth(["邻里美食分享、跳蚤市场与文艺表演。", "邀请社区医院医生讲解慢性病预防与日常保健。", "家长与孩子一起动手制作环保手工作品。"], c.i),
      status: [2, 1, 1][c.i % 3],
    }),
  },
  roomAuditOrders: {
    row: (c) => ({
      applicantName: personName(c.k + 81),
      phone: mobile(c.k + 81),
      idCard: idCard(c.k + 81, region(c)),
      roomId: c.pick("rooms", c.i * 2 + 1),
      identity: [1, 2, 3][c.i % 3],
      applyTime: at(c, -c.i, 15),
      status: [1, 2, 3][c.i % 3],
      rejectReason: c.i % 3 === 2 ? "上传的房产证明不清晰，请重新提交" : undefined,
    }),
  },
  keyPersons: {
    row: (c) => ({
      inhabitantId: c.pick("inhabitants", c.i * 3),
      name: personName(c.k + 91),
      phone: mobile(c.k + 91),
      idCard: idCard(c.k + 91, region(c)),
      roomId: c.pick("rooms", c.i * 3),
      category: [1, 2, 3][c.i % 3],
      watching: true,
      note: nth(["独居，每周上门探访一次", "行动不便，需电梯优先保障", "父母在外务工，由祖父母照顾"], c.i),
    }),
  },
  alarmLevels: {
    row: (c) => ({
      name: nth(["一级告警", "二级告警", "三级告警"], c.i),
      levelValue: c.i + 1,
      color: nth(["#f5222d", "#fa8c16", "#1677ff"], c.i),
      responseMinutes: [10, 30, 60][c.i % 3],
      description: nth(["立即处理", "半小时内处理", "当日处理"], c.i),
    }),
  },
  // Intercom devices and the cameras (摄像机, 人脸抓拍机) that 视频巡查, 摄像头测试 and 运营助手 list
  // (GET {device}/devices/actions/cameras); one camera has been offline since yesterday morning.
  devices: {
    count: { A: DEVICES.length, B: 5 },
    row: (c) => {
      const d = nth(DEVICES, c.i);
      return { name: d.name, deviceCategory: d.category, model: d.model, location: d.location, online: d.online, lastOnlineTime: at(c, d.online ? 0 : -1, d.online ? 8 : 7), enabled: true };
    },
  },
  // Each alarm in a state of its handling flow, with the handler, time and note the actions record.
  alarms: {
    row: (c) => {
      const a = nth(ALARMS, c.i);
      const handled = a.status !== 0;
      return {
        content: a.content,
        alarmType: a.type,
        location: a.location,
        alarmTime: at(c, -c.i, 9 + c.i),
        handleStatus: a.status,
        handlerId: handled ? c.pick("users") : undefined,
        handleTime: handled ? at(c, -c.i, 10 + c.i) : undefined,
        handleNote: a.note,
      };
    },
  },
  videoPatrolRecords: {
    row: (c) => {
      const camera = nth(CAMERAS, c.i);
      const abnormal = c.i % 3 === 1;
      return { channelName: camera.name, deviceSn: undefined, patrolTime: at(c, -c.i, 10), result: abnormal ? 2 : 1, problem: abnormal ? "车库入口照明不足，画面偏暗" : undefined, handled: !abnormal };
    },
  },
  capturePictures: {
    row: (c) => {
      const p = nth(CAPTURES, c.i);
      return { channelName: p.channel, deviceSn: undefined, captureType: p.type, plate: p.plate, description: p.description, captureTime: at(c, -c.i, 8 + c.i), image: demoImage(p.channel, c.k) };
    },
  },
  priceTypes: {
    row: (c) => ({
      name: nth(["物业服务费", "公共能耗费", "停车管理费"], c.i),
      pricingMethod: [1, 2, 2][c.i % 3],
      unitPrice: nth(["2.50", "30.00", "150.00"], c.i),
      // Area and fixed pricing use no meter fields (schema usedWhen: crud/schema-conditions.ts clears them).
      meterUnit: undefined,
      meterMultiplier: undefined,
      billingCycle: 1,
      remark: undefined,
    }),
  },
  // 调价审核: one price change per pricing type of the fee demo data (seed/payments.ts, in id order) —
  // 物业服务费's rejected, 垃圾清运费's waiting, 自来水费's approved (its price now is the one approved);
  // applied for by one user and decided by another.
  priceChanges: {
    row: (c) => {
      const change = nth(
        [
          { status: 3, method: 1, from: "2.50", to: "2.80", cycle: 1, unit: null },
          { status: 1, method: 2, from: "30.00", to: "32.00", cycle: 2, unit: null },
          { status: 2, method: 3, from: "3.80", to: "4.20", cycle: 1, unit: "吨" },
        ],
        c.i,
      );
      const methods = ["", "建筑面积×单价", "按户固定金额", "抄表用量×单价"];
      const cycles = ["", "按月", "按季"];
      const text = (price: string) =>
        [`计价方式：${methods[change.method]}`, `单价(元)：${price}`, ...(change.unit ? [`计量单位：${change.unit}`] : []), `计费周期：${cycles[change.cycle]}`].join("；");
      const users = c.pickAll("users");
      return {
        priceTypeId: c.pickAll("priceTypes")[c.i] ?? c.pick("priceTypes"),
        status: change.status,
        previousText: text(change.from),
        proposedText: text(change.to),
        previous: { pricingMethod: change.method, unitPrice: change.from, meterUnit: change.unit, billingCycle: change.cycle },
        proposed: { unitPrice: change.to },
        applicantId: nth(users, c.i + 1),
        appliedAt: at(c, -(10 - c.i * 3)),
        approverId: change.status === 1 ? undefined : nth(users, c.i),
        rejectReason: change.status === 3 ? "涨幅未经业主大会表决，暂不调整" : undefined,
      };
    },
  },
  // 催缴记录: follow-ups of the last weeks by each method in turn, most with a date to follow up.
  dunningRecords: {
    count: { A: 4, B: 2 },
    row: (c) => {
      const result = nth([1, 4, 3, 2], c.i);
      return {
        method: (c.i % 4) + 1,
        result,
        dunnedAt: day(c, -(3 + c.i * 6)),
        nextFollowUpDate: result === 2 ? undefined : day(c, 7 - c.i),
        remark: nth(["业主承诺月底前缴清", "电话无人接听，改日再联系", "业主对物业服务有意见，拒绝缴费", "已到前台缴清欠费"], c.i),
      };
    },
  },
  paymentItems: {
    row: (c) => ({ name: nth(["物业费", "公摊水电费", "停车费"], c.i), priceTypeId: c.pickAll("priceTypes")[c.i] ?? c.pick("priceTypes"), paymentType: c.i === 0 ? 1 : 2, category: 1, dueDay: 15 }),
  },
  parkingLots: {
    row: (c) => ({
      name: nth(["地面停车场", "地下一层车库", "地下二层车库"], c.i),
      lotType: [1, 2, 2][c.i % 3],
      totalSpaces: [80, 260, 240][c.i % 3],
      tempSpaces: [20, 40, 30][c.i % 3],
      hourlyFee: "5.00",
    }),
  },
  // One temporary-parking rule per lot: the ground lot by day and night, the garages flat at night.
  parkingFeeRules: {
    row: (c) => ({
      lotId: c.pickAll("parkingLots")[c.i] ?? c.pick("parkingLots"),
      name: nth(["昼夜分时计费", "地库包夜计费", "地库包夜计费"], c.i),
      effectiveFrom: "2026-01-01",
      freeMinutes: 15,
      firstMinutes: 120,
      firstFee: "5.00",
      blockMinutes: 30,
      dayBlockFee: "2.00",
      nightMode: c.i === 0 ? 1 : 2,
      nightStart: "20:00",
      nightEnd: "08:00",
      nightBlockFee: c.i === 0 ? "1.00" : undefined,
      nightFlatFee: c.i === 0 ? undefined : "10.00",
      dailyCap: "30.00",
    }),
  },
  // Rent items and paid-until dates come from the product's own billing (seed/parking.ts): the
  // generic places are not billed monthly, and the generic parking payments (from the parking
  // system) have no rule, breakdown nor receipt of the booth.
  parkingPlaces: {
    row: () => ({ rentItemId: undefined, paidUntil: undefined }),
  },
  parkingPayments: {
    row: () => ({ ruleId: undefined, receiptNo: undefined, receiptId: undefined, lines: undefined }),
  },
  licencePlates: {
    // 月租缴至 is the bound place's (set by payments), never a demo value.
    row: (c) => ({ plate: plate(c.k + 7, plateProvince(region(c))), ownerName: personName(c.k + 17), ownerPhone: mobile(c.k + 17), paidUntil: undefined }),
  },
  // Patrol (schemas/modules/patrol.yaml): per community three online points and one offline point,
  // a day shift, a night shift and an offline shift, a plan on each, and the last week's check-ins
  // of those plans with some points missed, so 巡更完成情况 shows 已巡 and 漏检 side by side
  // (PATROL_CHECK_INS below). Rows refer to each other by their position in the community.
  patrolPoints: {
    count: { A: PATROL_POINTS.length, B: PATROL_POINTS.length },
    row: (c) => {
      const p = nth(PATROL_POINTS, c.i);
      return { name: p.name, pointType: p.pointType, location: p.location, patrolType: p.patrolType, enabled: true };
    },
  },
  patrolArranges: {
    count: { A: PATROL_SHIFTS.length, B: PATROL_SHIFTS.length },
    row: (c) => {
      const a = nth(PATROL_SHIFTS, c.i);
      const users = c.pickAll("users");
      return { name: a.name, userId: users[(c.i + 2) % users.length], startTime: a.start, endTime: a.end, weekdays: [1, 2, 3, 4, 5, 6, 7], patrolType: a.patrolType, enabled: true, remark: undefined };
    },
  },
  patrolPlans: {
    count: { A: PATROL_PLANS.length, B: PATROL_PLANS.length },
    row: (c) => {
      const p = nth(PATROL_PLANS, c.i);
      const points = c.pickAll("patrolPoints");
      return {
        name: p.name,
        arrangeId: c.pickAll("patrolArranges")[c.i],
        pointIds: p.points.map((n) => points[n]).filter((id) => id !== undefined),
        cycle: p.cycle,
        startTime: p.startTime,
        expectedTime: p.expectedTime,
        startDate: chinaDay(new Date(c.now.getTime() - p.sinceDays * DAY)),
        endDate: chinaDay(new Date(c.now.getTime() + 180 * DAY)),
        patrolType: p.patrolType,
        enabled: true,
      };
    },
  },
  patrolRecords: {
    count: { A: PATROL_CHECK_INS.length, B: PATROL_CHECK_INS.length },
    row: (c) => {
      const r = nth(PATROL_CHECK_INS, c.i);
      const plan = PATROL_PLANS[r.plan];
      const users = c.pickAll("users");
      // The offline plan runs weekly (Mondays, its arrangement working every day): its check-in is
      // on the latest Monday before today (1 to 7 days ago), so the week before is 漏检.
      const weekday = chinaWeekday(c.now);
      const daysAgo = r.daysAgo ?? (weekday === 1 ? 7 : weekday - 1);
      return {
        planId: r.manual ? undefined : c.pickAll("patrolPlans")[r.plan],
        pointId: c.pickAll("patrolPoints")[plan.points[r.point]],
        userId: users[(r.plan + 2) % users.length],
        patrolTime: chinaAt(c, daysAgo, r.hour, r.minute),
        result: r.result,
        photo: undefined,
        remark: r.remark,
        patrolType: plan.patrolType,
      };
    },
  },
  aiInspectionTasks: {
    row: (c) => ({ configIds: c.pickAll("aiInspectionConfigs").slice(0, 2) }),
  },
  aiInspectionConfigs: {
    row: (c) => ({
      name: nth(["东门消防通道", "垃圾站", "1栋电梯厅"], c.i),
      region: {
        points: [
          [0.1, 0.1],
          [0.9, 0.1],
          [0.9, 0.9],
          [0.1, 0.9],
        ],
      },
    }),
  },
  smartWorkers: {
    row: (c) => ({ name: personName(c.k + 121), phone: mobile(c.k + 121), company: nth(["杭州智居科技有限公司", "鸿运安装服务部"], c.i) }),
  },
  appServices: {
    row: (c) => ({ appName: nth(["智慧停车", "访客通行", "智能家居", "能耗管理"], c.i), appType: [1, 2, 3][c.i % 3], provider: nth(["云物业", "第三方服务商", "云物业"], c.i) }),
  },
  adverts: {
    row: (c) => ({
      title: nth(["物业缴费上线啦", "智能家居体验季", "满意度调查"], c.i),
      positionCode: constants.advertPositionCode,
      imgUrlLeft: demoImage(nth(["线上缴费", "智能家居", "满意度调查"], c.i), c.i),
      imgUrlRight: demoImage("云物业", c.i + 1),
      hyperlink: c.i === 2 ? "https://www.example.com/neptune/questionnaire" : undefined,
      rotationPeriod: 5,
      sortNo: c.i,
    }),
  },
  platformConfigs: {
    row: (c) => ({ platformName: c.tag === "A" ? `阳光智慧社区${c.i + 1}` : `绿城幸福里${c.i + 1}`, watermarkStatus: 1 }),
  },
  systemConfigs: {
    row: (c) => ({
      configGroup: (c.i % 5) + 1,
      configKey: nth(["servicePackage", "enterpriseInfo", "healthCodeCheck", "tvWall", "workOrder"], c.i),
      configName: nth(["服务套餐", "企业信息", "健康码核验", "电视墙", "工单设置"], c.i),
      configValue: nth<JsonObject>([{ level: "标准版" }, { companyName: "物业服务有限公司" }, { enabled: false }, { screens: 4 }, { autoAssign: true }], c.i),
    }),
  },
  edgeServices: {
    row: (c) => ({ name: `边缘服务${c.i + 1}`, communityIds: c.communities.slice(c.i % 2, (c.i % 2) + 2).map((x) => x.id) }),
  },
  workbenchLayouts: {
    row: () => ({ layout: [{ moduleId: "communityProfile" }, { moduleId: "feeOverview" }, { moduleId: "agencyMatters" }, { moduleId: "announcement" }] }),
  },
};
