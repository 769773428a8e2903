// 报修: the repairs the resident filed (state tags; tap: its detail), 我要报修 (a bound room, the type,
// what is wrong, up to 6 photos taken or picked: each uploaded as it is chosen, shown as a preview; a
// photo over the size limit is refused here before it is sent), and one repair's detail: its state
// timeline, the property's result, its photos and, when 已完成, 评价 (stars and words). The server reads
// a photo's type from its bytes and drops its metadata (docs/residents.md "Repairs from the app").
import { useCallback, useEffect, useState, type ChangeEvent } from "react";
import { Button, Form, Image, List, Rate, Selector, Steps, Tag } from "antd-mobile";
import type { GetMyRepairData } from "../../../generated/operation-types.ts";
import { constants } from "../../../generated/constants.ts";
import { mappingLabel, mappingOptions } from "../../common/mappings.ts";
import { h5 } from "../http.ts";
import { navigate } from "../router.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Nothing, Refused, say, Title } from "./states.tsx";
import "./repairs.css";
import { chinaDateTime } from "../../common/china-time.ts";

const MAX_PHOTOS = constants.repairPhotoMaxCount;
const MAX_BYTES = constants.repairPhotoMaxSizeMb * 1024 * 1024;
/** The tag colour of each state (repairStatus): 待派单, 已派单, 处理中, 已完成, 已评价. */
const STATE_COLORS: Record<number, string> = { 1: "warning", 2: "primary", 3: "primary", 4: "success", 5: "default" };
const DONE = 4;

const StateTag = ({ status }: { status: number }) => <Tag color={STATE_COLORS[status] ?? "default"}>{mappingLabel("repairStatus", status)}</Tag>;
/** YYYY-MM-DD HH:mm in China time, whatever zone the phone is in. */
const when = (at: string | null) => (at ? chinaDateTime(at).slice(0, 16) : "");
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function RepairList() {
  const load = useCallback(() => h5.listMyRepairs(), []);
  const { data, error, loading } = useLoad(load);
  let body;
  if (!data && loading) body = <Loading />;
  else if (error) body = <Refused message={error} />;
  else if (data && !data.list.length) body = <Nothing title="还没有报修记录" />;
  else if (data)
    body = (
      <List header="我的报修">
        {data.list.map((r) => (
          <List.Item key={r.id} extra={<StateTag status={r.status} />} description={`${r.roomName ?? r.communityName} · ${when(r.reportTime)}`} onClick={() => navigate(`repairs/${r.id}`)}>
            {r.content.length > 40 ? `${r.content.slice(0, 40)}…` : r.content}
          </List.Item>
        ))}
      </List>
    );
  return (
    <>
      <Title>报修</Title>
      <div className="h5-section">
        <Button block color="primary" onClick={() => navigate("repairs/new")}>
          我要报修
        </Button>
      </div>
      {body}
    </>
  );
}

interface Photo {
  photoId: string;
  preview: string;
}

/** The chosen photos: each uploaded as it is picked (its preview from the file itself). */
function PhotoPicker({ photos, setPhotos }: { photos: Photo[]; setPhotos: (update: (p: Photo[]) => Photo[]) => void }) {
  const [uploading, setUploading] = useState(0);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])].slice(0, MAX_PHOTOS - photos.length - uploading);
    e.target.value = "";
    for (const file of files) {
      if (file.size > MAX_BYTES) {
        say(`照片不能超过 ${constants.repairPhotoMaxSizeMb} MB`);
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const answer = await h5.uploadMyRepairPhoto({ body: file });
        setPhotos((p) => [...p, { photoId: answer.photoId, preview: URL.createObjectURL(file) }]);
      } catch (err) {
        say(messageOf(err));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  return (
    <div className="h5-photos">
      {photos.map((p, i) => (
        <div className="h5-photo" key={p.photoId}>
          <img src={p.preview} alt={`照片${i + 1}`} />
          <button
            type="button"
            className="h5-photo-remove"
            aria-label={`删除照片${i + 1}`}
            onClick={() => {
              URL.revokeObjectURL(p.preview);
              setPhotos((list) => list.filter((x) => x.photoId !== p.photoId));
            }}
          >
            ×
          </button>
        </div>
      ))}
      {photos.length + uploading < MAX_PHOTOS && (
        <label className="h5-photo-add">
          {uploading ? "上传中" : "添加照片"}
          <input type="file" accept="image/jpeg,image/png,image/webp" capture="environment" multiple aria-label="添加照片" onChange={pick} data-testid="photo-input" />
        </label>
      )}
    </div>
  );
}

function RepairForm() {
  const load = useCallback(() => h5.listMyRooms(), []);
  const { data, error, loading } = useLoad(load);
  const [roomId, setRoomId] = useState<number>();
  const [repairType, setRepairType] = useState(1);
  const [content, setContent] = useState("");
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [saving, setSaving] = useState(false);
  const room = roomId ?? data?.list[0]?.roomId;
  const submit = async () => {
    if (room === undefined) return say("请选择房屋");
    if (!content.trim()) return say("请输入报修内容");
    setSaving(true);
    try {
      const repair = await h5.createMyRepair({ body: { roomId: room, repairType, content: content.trim(), photoIds: photos.map((p) => p.photoId) } });
      say("报修已提交");
      navigate(`repairs/${repair.id}`, true);
    } catch (err) {
      say(messageOf(err));
    } finally {
      setSaving(false);
    }
  };
  let body;
  if (!data && loading) body = <Loading />;
  else if (error) body = <Refused message={error} />;
  else if (data && !data.list.length) body = <Nothing title="绑定房屋后才能报修" />;
  else if (data)
    body = (
      <Form
        layout="vertical"
        mode="card"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" loading={saving}>
            提交报修
          </Button>
        }
      >
        <Form.Item label="报修房屋">
          <Selector
            aria-label="报修房屋"
            options={data.list.map((r) => ({ label: `${r.communityName} ${r.roomName ?? r.roomId}`, value: r.roomId }))}
            value={room === undefined ? [] : [room]}
            onChange={(v) => v.length && setRoomId(v[0])}
          />
        </Form.Item>
        <Form.Item label="报修类型">
          <Selector
            aria-label="报修类型"
            options={mappingOptions("repairType", { forForm: true }).map((o) => ({ label: o.label, value: Number(o.value) }))}
            value={[repairType]}
            onChange={(v) => v.length && setRepairType(v[0])}
          />
        </Form.Item>
        <Form.Item label="报修内容">
          <textarea className="h5-textarea" aria-label="报修内容" placeholder="请描述需要维修的问题" value={content} onChange={(e) => setContent(e.target.value)} maxLength={500} rows={4} />
        </Form.Item>
        <Form.Item label="现场照片" description={`最多 ${MAX_PHOTOS} 张，每张不超过 ${constants.repairPhotoMaxSizeMb} MB`}>
          <PhotoPicker photos={photos} setPhotos={setPhotos} />
        </Form.Item>
      </Form>
    );
  return (
    <>
      <Title>我要报修</Title>
      {body}
    </>
  );
}

function RateForm({ repair, done }: { repair: GetMyRepairData; done: () => void }) {
  const [score, setScore] = useState(0);
  const [evaluation, setEvaluation] = useState("");
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!score) return say("请选择评价星级");
    setSaving(true);
    try {
      await h5.rateMyRepair({ params: { id: repair.id }, body: { score, evaluation: evaluation.trim() || null } });
      say("评价成功");
      done();
    } catch (err) {
      say(messageOf(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={submit}
      footer={
        <Button block type="submit" color="primary" loading={saving}>
          提交评价
        </Button>
      }
    >
      <Form.Header>评价</Form.Header>
      <Form.Item label="评价星级">
        <Selector aria-label="评价星级" options={[1, 2, 3, 4, 5].map((n) => ({ label: `${n}星`, value: n }))} value={score ? [score] : []} onChange={(v) => setScore(v[0] ?? 0)} />
      </Form.Item>
      <Form.Item label="评价内容">
        <textarea className="h5-textarea" aria-label="评价内容" placeholder="说说这次维修（选填）" value={evaluation} onChange={(e) => setEvaluation(e.target.value)} maxLength={255} rows={3} />
      </Form.Item>
    </Form>
  );
}

function RepairDetail({ id }: { id: number }) {
  const load = useCallback(() => h5.getMyRepair({ params: { id } }), [id]);
  const { data, error, loading, reload } = useLoad(load);
  let body;
  if (!data && loading) body = <Loading />;
  else if (error) body = <Refused message={error} />;
  else if (data) {
    const steps = [{ title: "已提交", description: when(data.reportTime) }, ...data.history.map((h) => ({ title: h.label, description: [when(h.at), h.note].filter(Boolean).join(" · ") }))];
    body = (
      <>
        <List header="报修信息">
          <List.Item extra={<StateTag status={data.status} />}>状态</List.Item>
          <List.Item extra={`${data.communityName} ${data.roomName ?? ""}`}>房屋</List.Item>
          <List.Item extra={mappingLabel("repairType", data.repairType)}>类型</List.Item>
          {data.assigneeName && <List.Item extra={data.assigneeName}>处理人</List.Item>}
        </List>
        <div className="h5-repair-text">{data.content}</div>
        {data.photos.length > 0 && (
          <div className="h5-section h5-photos" aria-label="现场照片">
            {data.photos.map((p, i) => (
              <div className="h5-photo" key={p.photoId}>
                <Image src={p.url} alt={`现场照片${i + 1}`} width={72} height={72} fit="cover" />
              </div>
            ))}
          </div>
        )}
        {data.result && (
          <List header="处理结果">
            <List.Item>{data.result}</List.Item>
          </List>
        )}
        <List header="处理进度">
          <div className="h5-section">
            <Steps direction="vertical" current={steps.length - 1}>
              {steps.map((s, i) => (
                <Steps.Step key={i} title={s.title} description={s.description} status="finish" />
              ))}
            </Steps>
          </div>
        </List>
        {data.status === DONE && <RateForm repair={data} done={reload} />}
        {data.score !== null && (
          <List header="我的评价">
            <List.Item description={data.evaluation ?? ""}>
              <Rate readOnly value={data.score} aria-label={`评价${data.score}星`} />
            </List.Item>
          </List>
        )}
      </>
    );
  }
  return (
    <>
      <Title>报修详情</Title>
      {body}
    </>
  );
}

export function RepairsPage({ id }: { id: string | undefined }) {
  // A new page starts at its top (a block: an effect's return value is its cleanup).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);
  if (id === "new") return <RepairForm />;
  if (id && /^[1-9]\d{0,15}$/.test(id)) return <RepairDetail id={Number(id)} />;
  return <RepairList />;
}
