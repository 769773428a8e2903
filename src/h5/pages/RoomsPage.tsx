// 我的房屋: the bound rooms (tap: its bills), the requests (审核中 / 已驳回), and the form to request a
// binding, shown when no room is bound (else behind 申请绑定其他房屋). requestRoomBinding takes the
// room's id and the server offers a resident no list of a community's rooms, so the resident types
// the 房屋编号 the property gives.
import { useCallback, useState } from "react";
import { Button, Form, Input, List, Selector, Tag } from "antd-mobile";
import { h5 } from "../http.ts";
import { navigate } from "../router.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Nothing, Refused, say, Title } from "./states.tsx";

// The identities a binding may ask for (schemas/mappings.yaml residentIdentity 1-3, those bound by match).
const IDENTITIES = [
  { label: "业主", value: 1 },
  { label: "家属", value: 2 },
  { label: "租客", value: 3 },
];

const roomTitle = (r: { communityName: string; roomName: string | null; roomId: number }) => `${r.communityName} ${r.roomName ?? `房屋${r.roomId}`}`;

function BindingForm({ done }: { done: () => void }) {
  const [name, setName] = useState("");
  const [roomId, setRoomId] = useState("");
  const [identity, setIdentity] = useState(1);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!name.trim()) return say("请输入姓名");
    if (!/^[1-9]\d{0,9}$/.test(roomId)) return say("请输入物业提供的房屋编号");
    setSaving(true);
    try {
      await h5.requestRoomBinding({ body: { name: name.trim(), roomId: Number(roomId), identity } });
      say("已提交，请等待物业审核");
      done();
    } catch (err) {
      say(err instanceof Error ? err.message : String(err));
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
          提交申请
        </Button>
      }
      onFinish={submit}
    >
      <Form.Header>申请绑定房屋</Form.Header>
      <Form.Item label="姓名">
        <Input placeholder="请输入姓名" aria-label="姓名" value={name} onChange={setName} maxLength={30} />
      </Form.Item>
      <Form.Item label="房屋编号" description="向物业索取">
        <Input inputMode="numeric" placeholder="请输入房屋编号" aria-label="房屋编号" value={roomId} onChange={setRoomId} maxLength={10} />
      </Form.Item>
      <Form.Item label="身份">
        <Selector options={IDENTITIES} value={[identity]} onChange={(v) => v.length && setIdentity(v[0])} />
      </Form.Item>
    </Form>
  );
}

export function RoomsPage() {
  const load = useCallback(() => h5.listMyRooms(), []);
  const { data, error, loading, reload } = useLoad(load);
  const [asking, setAsking] = useState(false);
  let body;
  if (!data && loading) body = <Loading />;
  else if (error) body = <Refused message={error} />;
  else if (data) {
    body = (
      <>
        {data.list.length ? (
          <List header="已绑定的房屋">
            {data.list.map((r) => (
              <List.Item key={r.roomId} extra={<Tag color="success">已绑定</Tag>} description="查看账单" onClick={() => navigate(`bills?room=${r.roomId}`)}>
                {roomTitle(r)}
              </List.Item>
            ))}
          </List>
        ) : (
          <Nothing title="还没有绑定的房屋" />
        )}
        {data.requests.length > 0 && (
          <List header="绑定申请">
            {data.requests.map((r) => (
              <List.Item key={r.roomId} extra={r.status === 1 ? <Tag color="warning">审核中</Tag> : <Tag color="danger">已驳回</Tag>}>
                {roomTitle(r)}
              </List.Item>
            ))}
          </List>
        )}
        {data.list.length === 0 || asking ? (
          <BindingForm
            done={() => {
              setAsking(false);
              reload();
            }}
          />
        ) : (
          <div className="h5-section">
            <Button block onClick={() => setAsking(true)}>
              申请绑定其他房屋
            </Button>
          </div>
        )}
      </>
    );
  }
  return (
    <>
      <Title>我的房屋</Title>
      {body}
    </>
  );
}
