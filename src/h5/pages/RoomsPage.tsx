// 我的房屋: the bound rooms (tap: its bills), the requests (审核中 / 已驳回), and the form to request a
// binding, shown when no room is bound (else behind 申请绑定其他房屋): the resident picks its
// community (listBindingCommunities) and finds its room by part of its name (searchBindingRooms).
import { useCallback, useEffect, useState } from "react";
import { Button, Form, Input, List, Picker, Selector, Tag } from "antd-mobile";
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

/** The room picker's search: the community's rooms whose name holds what was typed (after a pause). */
function useRoomSearch(communityId: number | null, keyword: string) {
  const [debounced, setDebounced] = useState(keyword);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(keyword.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [keyword]);
  const search = useCallback(() => (communityId && debounced ? h5.searchBindingRooms({ query: { communityId, keyword: debounced } }) : Promise.resolve({ list: [] })), [communityId, debounced]);
  return useLoad(search);
}

function BindingForm({ done }: { done: () => void }) {
  const [name, setName] = useState("");
  const [community, setCommunity] = useState<{ id: number; name: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [keyword, setKeyword] = useState("");
  const [room, setRoom] = useState<{ id: number; name: string } | null>(null);
  const [identity, setIdentity] = useState(1);
  const [saving, setSaving] = useState(false);
  const loadCommunities = useCallback(() => h5.listBindingCommunities(), []);
  const communities = useLoad(loadCommunities);
  const found = useRoomSearch(community?.id ?? null, keyword);
  const submit = async () => {
    if (!name.trim()) return say("请输入姓名");
    if (!room) return say("请选择要绑定的房屋");
    setSaving(true);
    try {
      await h5.requestRoomBinding({ body: { name: name.trim(), roomId: room.id, identity } });
      say("已提交，请等待物业审核");
      done();
    } catch (err) {
      say(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };
  const options = (communities.data?.list ?? []).map((c) => ({ label: c.name, value: c.id }));
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
      <Form.Item label="小区" description={communities.error}>
        <Button size="small" fill="outline" onClick={() => setPicking(true)}>
          {community?.name ?? "请选择小区"}
        </Button>
      </Form.Item>
      <Picker
        columns={[options]}
        visible={picking}
        onClose={() => setPicking(false)}
        value={community ? [community.id] : []}
        onConfirm={(v) => {
          const chosen = options.find((o) => o.value === v[0]);
          if (chosen && chosen.value !== community?.id) {
            setCommunity({ id: chosen.value, name: chosen.label });
            setRoom(null);
          }
        }}
        title="选择小区"
      />
      <Form.Item label="房屋" description={room ? `已选：${room.name}` : "输入楼栋、单元或房号查找"}>
        <Input placeholder={community ? "如 1栋-1单元-101" : "请先选择小区"} aria-label="查找房屋" value={keyword} onChange={setKeyword} maxLength={30} disabled={!community} />
      </Form.Item>
      {community && keyword.trim() && (
        <List header="选择房屋" aria-label="找到的房屋">
          {found.error && <List.Item>{found.error}</List.Item>}
          {!found.loading && !found.error && !found.data?.list.length && <List.Item>没有找到该房屋</List.Item>}
          {found.data?.list.map((r) => (
            <List.Item key={r.id} onClick={() => setRoom(r)} extra={room?.id === r.id ? <Tag color="primary">已选</Tag> : undefined}>
              {r.name}
            </List.Item>
          ))}
        </List>
      )}
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
