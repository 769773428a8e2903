// Data of the video and IoT pages (schemas/modules/video.yaml, pages.yaml), over the session's tenant:
//   GET  {device}/devices/actions/cameras?communityId=      HBL09001, HBL02001, HBL05 or HBL0001
//        -> [{id, name, serialNo, location, online, deviceCategory, categoryLabel, lastOnlineTime}]: the
//        community's cameras (摄像机, 人脸抓拍机), for video patrol, the camera test and the video demo
//   POST {capture}/capturePictures/actions/textSearch       HBL05020 (以文搜图)
//        {text, communityId?, pageNo, pageSize} -> {list: [{id, image, channelName, deviceSn, captureTime,
//        captureType, captureTypeLabel, plate, description, score}], total, pageNo, pageSize}: the text's
//        words each match a picture's description, channel, plate or capture kind; more words matched first
//   GET  {device}/operationAssistant/actions/summary?communityId=   HBL05 (运营助手)
//        -> {devices: {total, online, offline, offlineList}, alarms: {unhandled, byType},
//           aiRecords: {unhandled}, elevators: {total, fault, maintenance}, repairs: {pending},
//           suggestions: [{level: "error" | "warning" | "info", text, path}]}
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { listCameras, operationAssistantSummary, searchCapturePictures } from "./video-pages.ts";

export async function videoPagesModule(app: FastifyInstance): Promise<void> {
  route(app, operations.listCameras, async ({ session, community }) => listCameras(app.db, session.tenantId, community.id));
  route(app, operations.searchCapturePictures, async ({ session, body }) => searchCapturePictures(app.db, session.tenantId, body));
  route(app, operations.getOperationAssistantSummary, async ({ session, community }) => operationAssistantSummary(app.db, session.tenantId, community));
}
