// 自助抄表: one bound room's own meters (the room of ?room=<id>, else the first bound one) with the
// last reading and this month's, and, inside the community's window, a field to send the month's
// reading (待物业审核 until staff approve it; sent again while pending, it replaces the value).
// Outside the window the page says when it opens; a refusal shows the server's message.
import { useCallback, useState } from "react";
import { Button, Input, List, Tag } from "antd-mobile";
import { h5 } from "../http.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Nothing, Refused, say } from "./states.tsx";
import { RoomPicked } from "./RoomPicked.tsx";

/** meterReadingStatus: 1 待审核, 2 已审核, 3 已计费. */
const STATUS: Record<number, { label: string; color: "warning" | "success" | "default" }> = {
  1: { label: "待审核", color: "warning" },
  2: { label: "已审核", color: "success" },
  3: { label: "已计费", color: "default" },
};
const READING = /^\d{1,10}(\.\d{1,2})?$/;

function MeterRow({
  roomId,
  meter,
  open,
  sent,
}: {
  roomId: number;
  meter: { meterId: number; meterNo: string; typeName: string; unit: string; lastReading: string | null; reading: { currentReading: string; status: number } | null };
  open: boolean;
  sent: () => void;
}) {
  const [value, setValue] = useState("");
  const [saving, setSaving] = useState(false);
  const editable = open && (!meter.reading || meter.reading.status === 1);
  const send = async () => {
    if (!READING.test(value.trim())) return say("请输入正确的读数（最多两位小数）");
    setSaving(true);
    try {
      await h5.sendMyMeterReading({ params: { roomId, meterId: meter.meterId }, body: { currentReading: value.trim() } });
      say("已提交，待物业审核");
      setValue("");
      sent();
    } catch (err) {
      say(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };
  const status = meter.reading ? STATUS[meter.reading.status] : undefined;
  return (
    <List.Item
      description={`上次读数 ${meter.lastReading ?? "—"} ${meter.unit}${meter.reading ? ` · 本月 ${meter.reading.currentReading} ${meter.unit}` : ""}`}
      extra={status ? <Tag color={status.color}>{status.label}</Tag> : undefined}
    >
      {`${meter.typeName} ${meter.meterNo}`}
      {editable && (
        <div className="h5-reading">
          <Input aria-label={`${meter.typeName}表本月读数`} inputMode="decimal" placeholder="本月读数" value={value} onChange={setValue} maxLength={13} />
          <Button size="small" color="primary" loading={saving} onClick={() => void send()}>
            提交
          </Button>
        </div>
      )}
    </List.Item>
  );
}

function RoomMeters({ roomId }: { roomId: number }) {
  const load = useCallback(() => h5.listMyMeters({ params: { roomId } }), [roomId]);
  const { data, error, loading, reload } = useLoad(load);
  if (!data && loading) return <Loading />;
  if (error) return <Refused message={error} />;
  if (!data) return null;
  return (
    <>
      <p className="h5-muted h5-section" role="note">
        {`${data.period} · ${data.window}${data.open ? "" : "（现在不在提交时间内）"}`}
      </p>
      {data.list.length ? (
        <List header="我的仪表">
          {data.list.map((m) => (
            <MeterRow key={m.meterId} roomId={roomId} meter={m} open={data.open} sent={reload} />
          ))}
        </List>
      ) : (
        <Nothing title="该房屋没有登记的仪表" />
      )}
    </>
  );
}

export function MetersPage({ room }: { room: string | null }) {
  return (
    <RoomPicked room={room} tab="meters" title="自助抄表">
      {(roomId) => <RoomMeters key={roomId} roomId={roomId} />}
    </RoomPicked>
  );
}
