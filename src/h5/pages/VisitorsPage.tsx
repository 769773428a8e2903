// 访客: 邀请访客 (a bound room, the visitor's name, phone and car, the visit day: today or one of the
// next 7), the pass at visitors/<id> (its 8-digit code, the code as a QR for the gate's scanner, the
// validity) and my passes with their state (有效 / 已使用 / 已取消 / 已过期), a valid one with 取消.
// The QR library is loaded only when a pass is shown, so the app's first load stays small.
import { useCallback, useEffect, useState } from "react";
import { Button, Dialog, Form, Input, List, Selector, Tag } from "antd-mobile";
import type { ListMyVisitorPassesData } from "../../../generated/operation-types.ts";
import { chinaDay } from "../../common/china-time.ts";
import { h5 } from "../http.ts";
import { navigate } from "../router.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Nothing, Refused, say, Title } from "./states.tsx";

type Pass = ListMyVisitorPassesData["list"][number];

const DAY_MS = 24 * 3600_000;
/** The visit day: today and the next 7 (China time), as the server accepts them. */
const VISIT_DAYS = 8;
const WEEKDAYS = "日一二三四五六";

const STATES: Record<number, { label: string; color: "success" | "default" | "warning" | "danger" }> = {
  1: { label: "有效", color: "success" },
  2: { label: "已使用", color: "default" },
  3: { label: "已取消", color: "default" },
  4: { label: "已过期", color: "warning" },
};

const at = (iso: string) => {
  const c = new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString();
  return `${c.slice(0, 10)} ${c.slice(11, 16)}`;
};
const validity = (p: Pass) => `${at(p.validFrom)} 至 ${at(p.validTo)}`;
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function visitDays(): { label: string; value: string }[] {
  const now = Date.now();
  return Array.from({ length: VISIT_DAYS }, (_, i) => {
    const day = chinaDay(new Date(now + i * DAY_MS));
    const weekday = WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];
    const name = i === 0 ? "今天" : i === 1 ? "明天" : `周${weekday}`;
    return { label: `${name} ${day.slice(5)}`, value: day };
  });
}

function InviteForm({ done }: { done: (pass: Pass) => void }) {
  const loadRooms = useCallback(() => h5.listMyRooms(), []);
  const rooms = useLoad(loadRooms);
  const days = visitDays();
  const [roomId, setRoomId] = useState<number>();
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [car, setCar] = useState("");
  const [visitDate, setVisitDate] = useState(days[0].value);
  const [saving, setSaving] = useState(false);
  if (!rooms.data && rooms.loading) return <Loading />;
  if (rooms.error) return <Refused message={rooms.error} />;
  const bound = rooms.data?.list ?? [];
  if (!bound.length) return <Nothing title="绑定房屋后才能邀请访客" />;
  const room = roomId ?? bound[0].roomId;
  const submit = async () => {
    if (!name.trim()) return say("请输入访客姓名");
    if (phone && !/^1\d{10}$/.test(phone)) return say("请输入11位手机号");
    setSaving(true);
    try {
      const pass = await h5.createVisitorPass({
        body: { roomId: room, visitorName: name.trim(), visitDate, ...(phone ? { visitorPhone: phone } : {}), ...(car.trim() ? { carNumber: car.trim() } : {}) },
      });
      done(pass); // the pass itself, shown next, says it is made
    } catch (err) {
      say(message(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form
      layout="horizontal"
      mode="card"
      footer={
        <Button block type="submit" color="primary" loading={saving}>
          生成通行证
        </Button>
      }
      onFinish={submit}
    >
      <Form.Header>邀请访客</Form.Header>
      <Form.Item label="被访房屋">
        <Selector columns={1} options={bound.map((r) => ({ label: `${r.communityName} ${r.roomName ?? ""}`, value: r.roomId }))} value={[room]} onChange={(v) => v.length && setRoomId(v[0])} />
      </Form.Item>
      <Form.Item label="访客姓名">
        <Input placeholder="请输入访客姓名" aria-label="访客姓名" value={name} onChange={setName} maxLength={32} />
      </Form.Item>
      <Form.Item label="访客手机">
        <Input type="tel" inputMode="numeric" placeholder="选填" aria-label="访客手机" value={phone} onChange={setPhone} maxLength={11} />
      </Form.Item>
      <Form.Item label="车牌号">
        <Input placeholder="选填，如 浙A12345" aria-label="车牌号" value={car} onChange={setCar} maxLength={10} />
      </Form.Item>
      <Form.Item label="来访日期" description="通行证在来访当天全天有效">
        <Selector columns={2} options={days} value={[visitDate]} onChange={(v) => v.length && setVisitDate(v[0])} />
      </Form.Item>
    </Form>
  );
}

/** The pass's code as a QR (the library loaded now, in its own chunk). */
function PassQr({ code }: { code: string }) {
  const [src, setSrc] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    import("qrcode")
      .then((qr) => qr.toDataURL(code, { width: 220, margin: 1, errorCorrectionLevel: "M" }))
      .then(
        (url) => current && setSrc(url),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [code]);
  if (failed) return <p className="h5-muted">二维码生成失败，请向门岗出示通行码</p>;
  return src ? <img className="h5-pass-qr" src={src} width={220} height={220} alt={`通行码 ${code} 的二维码`} /> : <Loading />;
}

function PassCard({ pass, cancel }: { pass: Pass; cancel: (pass: Pass) => void }) {
  const state = STATES[pass.state];
  return (
    <section className="h5-pass" aria-label="访客通行证">
      <div className="h5-pass-head">
        <span>{pass.visitorName}</span>
        <Tag color={state.color}>{state.label}</Tag>
      </div>
      <div className="h5-pass-code" aria-label="通行码">
        {pass.passCode}
      </div>
      {pass.state === 1 && <PassQr code={pass.passCode} />}
      <List>
        <List.Item extra={`${pass.communityName} ${pass.roomName ?? ""}`}>被访房屋</List.Item>
        <List.Item extra={validity(pass)}>有效期</List.Item>
        {pass.carNumber && <List.Item extra={pass.carNumber}>车牌号</List.Item>}
      </List>
      <p className="h5-section h5-muted">请将通行码或二维码发给访客，来访时向门岗出示。</p>
      {pass.state === 1 && (
        <div className="h5-section">
          <Button block color="danger" fill="outline" onClick={() => cancel(pass)}>
            取消通行证
          </Button>
        </div>
      )}
    </section>
  );
}

export function VisitorsPage({ id }: { id: string | undefined }) {
  const load = useCallback(() => h5.listMyVisitorPasses(), []);
  const { data, error, loading, reload } = useLoad(load);
  const [inviting, setInviting] = useState(false);
  /** The pass just made, shown before the list is read again. */
  const [made, setMade] = useState<Pass>();
  const cancel = async (pass: Pass) => {
    if (!(await Dialog.confirm({ content: `确定取消 ${pass.visitorName} 的通行证吗？取消后通行码失效。` }))) return;
    try {
      await h5.cancelMyVisitorPass({ params: { id: pass.id } });
      say("已取消通行证");
      setMade(undefined);
      reload();
    } catch (err) {
      say(message(err));
    }
  };
  let body;
  if (id) {
    const pass = data?.list.find((p) => String(p.id) === id) ?? (made && String(made.id) === id ? made : undefined);
    if (pass) body = <PassCard pass={pass} cancel={cancel} />;
    else if (!data && loading) body = <Loading />;
    else if (error) body = <Refused message={error} />;
    else body = <Nothing title="通行证不存在" />;
  } else if (inviting) {
    body = (
      <InviteForm
        done={(pass) => {
          setInviting(false);
          setMade(pass);
          reload();
          navigate(`visitors/${pass.id}`);
        }}
      />
    );
  } else {
    let list;
    if (!data && loading) list = <Loading />;
    else if (error) list = <Refused message={error} />;
    else if (data && !data.list.length) list = <Nothing title="还没有邀请过访客" />;
    else if (data)
      list = (
        <List header="我的访客通行证">
          {data.list.map((p) => (
            <List.Item
              key={p.id}
              description={`${validity(p)} · 通行码 ${p.passCode}`}
              extra={<Tag color={STATES[p.state].color}>{STATES[p.state].label}</Tag>}
              onClick={() => navigate(`visitors/${p.id}`)}
            >
              {p.visitorName}
            </List.Item>
          ))}
        </List>
      );
    body = (
      <>
        <div className="h5-section">
          <Button block color="primary" onClick={() => setInviting(true)}>
            邀请访客
          </Button>
        </div>
        {list}
      </>
    );
  }
  return (
    <>
      <Title>{id ? "访客通行证" : inviting ? "邀请访客" : "访客"}</Title>
      {(id || inviting) && (
        <Button
          fill="none"
          size="small"
          onClick={() => {
            setInviting(false);
            navigate("visitors");
          }}
        >
          ‹ 返回访客列表
        </Button>
      )}
      {body}
    </>
  );
}
