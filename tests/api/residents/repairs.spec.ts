// Repairs from the residents' app (src/server/residents/repairs.ts, photos.ts): a resident uploads a
// photo (the type read from the bytes, EXIF dropped, the size bounded), files a repair of a bound room
// naming it; staff see it in 报事报修 (来源 住户端, the resident, the photo) and handle it with the
// resource's actions; the resident rates it when 已完成 (the evaluate action) and it is 已评价.
// Another resident's repair and photo answer 404; a staff session on a resident operation 401.
import { beforeAll, describe, expect, it } from "vitest";
import { backends, XHR, sessionHeaders } from "../support/server.ts";
import { useResidentsServer } from "./support.ts";

const seg = (marker: number, payload: string | Buffer) => {
  const data = typeof payload === "string" ? Buffer.from(payload, "latin1") : payload;
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};
/** A JPEG's structure with an EXIF segment naming a place and a device, and a comment. */
const jpegWithExif = (extra = 0) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    seg(0xe0, "JFIF\0\x01\x01\0\0\x01\0\x01\0\0"),
    seg(0xe1, "Exif\0\0GPS 30.2741N 120.1551E iPhone"),
    seg(0xfe, "taken at home"),
    seg(0xdb, Buffer.alloc(65, 1)),
    seg(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.alloc(extra, 0x12),
    Buffer.from([0x12, 0x34, 0xff, 0xd9]),
  ]);

describe.each(backends)("residents' repairs with photos (%s)", (backend) => {
  const t = useResidentsServer(backend);
  let phone: string;
  let roomId: number;
  let otherPhone: string;
  let assigneeId: number;
  beforeAll(async () => {
    const { rows } = await t.server.db.query<{ phone: string; room_id: number }>(
      "select phone, room_id from inhabitants where tenant_id = $1 and identity in (1, 2, 3) and phone is not null order by id limit 2",
      [t.ids.tenantA],
    );
    phone = rows[0].phone;
    roomId = Number(rows[0].room_id);
    otherPhone = rows.find((r) => r.phone !== phone)?.phone ?? "13700000301";
    const users = await t.server.db.query<{ id: number }>("select id from users where tenant_id = $1 order by id limit 1", [t.ids.tenantA]);
    assigneeId = Number(users.rows[0].id);
  });

  const upload = (cookie: string | null, bytes: Buffer, type = "image/jpeg") =>
    t.server.app.inject({ method: "POST", url: "/api/h5/repairs/photos", headers: { ...XHR, "content-type": type, ...(cookie ? { cookie: `neptune_resident=${cookie}` } : {}) }, payload: bytes });
  const photoOf = (cookie: string, url: string) => t.server.app.inject({ method: "GET", url, headers: { cookie: `neptune_resident=${cookie}` } });

  it("files a repair with a photo; staff see and handle it; the resident rates it when done", async () => {
    const cookie = await t.signIn(phone, "10.7.0.1");
    const up = await upload(cookie, jpegWithExif());
    expect(up.statusCode, up.body).toBe(200);
    const photo = up.json().data as { photoId: string; url: string };
    expect(photo.photoId).toMatch(/^[0-9a-f]{32}$/);

    // The kept photo has no EXIF, no comment: still a JPEG.
    const own = await photoOf(cookie, photo.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/jpeg");
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    const kept = own.rawPayload;
    expect(kept.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(kept.toString("latin1")).not.toMatch(/Exif|GPS|iPhone|taken at home/);

    const filed = await t.asResident(cookie, "POST", "/api/h5/repairs", { roomId, repairType: 1, content: "厨房水龙头漏水", photoIds: [photo.photoId] });
    expect(filed.status, filed.text).toBe(200);
    expect(filed.body.message).toBe("报修已提交");
    const repair = filed.body.data;
    expect(repair).toMatchObject({ roomId, repairType: 1, content: "厨房水龙头漏水", status: 1, score: null, history: [] });
    expect(repair.photos).toEqual([{ photoId: photo.photoId, url: photo.url }]);
    const mine = await t.asResident(cookie, "GET", "/api/h5/repairs");
    expect(mine.body.data.list.map((r: { id: number }) => r.id)).toContain(repair.id);

    // Staff: in 报事报修 with 来源 住户端, the resident's phone, and the photo they can read.
    const list = await t.server.request("POST", "/api/property/repairs/actions/pageList", { token: t.admin, body: { source: 2, pageSize: 100 } });
    expect(list.status, list.text).toBe(200);
    const row = list.body.data.list.find((r: { id: number }) => r.id === repair.id);
    expect(row).toMatchObject({ source: 2, status: 1, roomId });
    const detail = await t.server.request("GET", `/api/property/repairs/${repair.id}`, { token: t.admin });
    expect(detail.status, detail.text).toBe(200);
    const photos: string[] = detail.body.data.photos;
    expect(photos).toEqual([`/api/property/repairs/${repair.id}/photos/${photo.photoId}`]);
    const staffPhoto = await t.server.request("GET", photos[0], { token: t.admin });
    expect(staffPhoto.status).toBe(200);
    expect(staffPhoto.headers["content-type"]).toBe("image/jpeg");
    // Staff cannot read the photo by another repair's address, nor a resident by staff's.
    expect((await t.server.request("GET", `/api/property/repairs/${repair.id + 100000}/photos/${photo.photoId}`, { token: t.admin })).status).toBe(404);
    expect((await photoOf(cookie, photos[0])).statusCode).toBe(401);

    // Rating before it is done: refused in Chinese naming the state.
    const early = await t.asResident(cookie, "POST", `/api/h5/repairs/${repair.id}/actions/rate`, { score: 5 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("当前状态为“待派单”，不能评价");

    for (const [action, body] of [
      ["assign", { assigneeId }],
      ["start", {}],
      ["finish", { result: "已更换水龙头" }],
    ] as const) {
      const r = await t.server.request("POST", `/api/property/repairs/${repair.id}/actions/${action}`, { token: t.admin, body });
      expect(r.status, `${action} ${r.text}`).toBe(200);
    }
    const done = await t.asResident(cookie, "GET", `/api/h5/repairs/${repair.id}`);
    expect(done.body.data).toMatchObject({ status: 4, result: "已更换水龙头", assigneeName: expect.any(String), finishTime: expect.any(String) });
    expect(done.body.data.history.map((h: { label: string; to: number }) => [h.label, h.to])).toEqual([
      ["派单", 2],
      ["开始处理", 3],
      ["完成", 4],
    ]);

    const badScore = await t.asResident(cookie, "POST", `/api/h5/repairs/${repair.id}/actions/rate`, { score: 6 });
    expect(badScore.status).toBe(400);
    const rated = await t.asResident(cookie, "POST", `/api/h5/repairs/${repair.id}/actions/rate`, { score: 5, evaluation: "师傅很快就修好了" });
    expect(rated.status, rated.text).toBe(200);
    expect(rated.body.message).toBe("评价成功");
    expect(rated.body.data).toMatchObject({ status: 5, score: 5, evaluation: "师傅很快就修好了" });
    const again = await t.asResident(cookie, "POST", `/api/h5/repairs/${repair.id}/actions/rate`, { score: 1 });
    expect(again.status).toBe(409);
    const after = await t.server.request("GET", `/api/property/repairs/${repair.id}`, { token: t.admin });
    expect(after.body.data).toMatchObject({ status: 5, score: 5, evaluation: "师傅很快就修好了" });
    expect(after.body.data.history.at(-1)).toMatchObject({ action: "evaluate", from: "4", to: "5" });
  });

  it("refuses a spoofed type, an oversized photo, and another resident's photo", async () => {
    const cookie = await t.signIn(phone, "10.7.1.1");
    const html = await upload(cookie, Buffer.from("<html><script>alert(1)</script></html>"), "image/jpeg");
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({ success: false, message: "仅支持 JPG、PNG、WebP 格式的照片" });
    const json = await t.asResident(cookie, "POST", "/api/h5/repairs/photos", { file: "x.jpg" });
    expect(json.status).toBe(400);
    const text = await upload(cookie, Buffer.from("plain"), "application/pdf");
    expect(text.statusCode).toBe(415);
    const big = await upload(cookie, jpegWithExif(5 * 1024 * 1024));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, message: "照片不能超过 5 MB" });
    const { rows } = await t.server.db.query<{ n: number }>("select count(*)::int as n from resident_repair_photos where content::text like '%<html>%'");
    expect(rows[0].n).toBe(0);

    // Another resident (of no room, or of another room) neither reads nor names the photo, nor reads the repair.
    const up = await upload(cookie, jpegWithExif());
    const photo = up.json().data as { photoId: string; url: string };
    const filed = await t.asResident(cookie, "POST", "/api/h5/repairs", { roomId, repairType: 2, content: "楼道灯不亮" });
    expect(filed.status, filed.text).toBe(200);
    const other = await t.signIn(otherPhone, "10.7.1.2");
    expect((await photoOf(other, photo.url)).statusCode).toBe(404);
    expect((await t.asResident(other, "GET", `/api/h5/repairs/${filed.body.data.id}`)).status).toBe(404);
    expect((await t.asResident(other, "POST", `/api/h5/repairs/${filed.body.data.id}/actions/rate`, { score: 3 })).status).toBe(404);
    expect((await t.asResident(other, "GET", "/api/h5/repairs")).body.data.list.map((r: { id: number }) => r.id)).not.toContain(filed.body.data.id);
    const otherRooms = (await t.asResident(other, "GET", "/api/h5/rooms")).body.data.list as { roomId: number }[];
    const stolen = await t.asResident(other, "POST", "/api/h5/repairs", { roomId: otherRooms[0]?.roomId ?? roomId, repairType: 1, content: "借用照片", photoIds: [photo.photoId] });
    expect([400, 404]).toContain(stolen.status);
    if (otherRooms.length) expect(stolen.body.message).toBe("照片不存在或已过期，请重新上传");
    // A room that is not bound: 404.
    expect((await t.asResident(cookie, "POST", "/api/h5/repairs", { roomId: t.ids.roomB, repairType: 1, content: "漏水" })).status).toBe(404);
    // A photo is named by one repair only.
    const first = await t.asResident(cookie, "POST", "/api/h5/repairs", { roomId, repairType: 1, content: "漏水", photoIds: [photo.photoId] });
    expect(first.status, first.text).toBe(200);
    const twice = await t.asResident(cookie, "POST", "/api/h5/repairs", { roomId, repairType: 1, content: "漏水", photoIds: [photo.photoId] });
    expect(twice.status).toBe(400);
    const tooMany = await t.asResident(cookie, "POST", "/api/h5/repairs", { roomId, repairType: 1, content: "漏水", photoIds: Array.from({ length: 7 }, (_, i) => i.toString(16).padStart(32, "0")) });
    expect(tooMany.status).toBe(400);
  });

  it("answers 401 to a staff session and to no session", async () => {
    const staff = sessionHeaders(t.admin);
    for (const [method, url] of [
      ["GET", "/api/h5/repairs"],
      ["POST", "/api/h5/repairs"],
      ["POST", "/api/h5/repairs/photos"],
      ["GET", "/api/h5/repairs/1"],
      ["POST", "/api/h5/repairs/1/actions/rate"],
      ["GET", `/api/h5/repairs/photos/${"0".repeat(32)}`],
    ] as const) {
      const r = await t.server.app.inject({ method, url, headers: { ...XHR, ...staff } });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
      expect((await t.server.app.inject({ method, url, headers: XHR })).statusCode).toBe(401);
    }
  });
});
