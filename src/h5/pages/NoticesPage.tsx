// 公告: the notices of the resident's communities (pinned first, as the server orders them); tap one
// to read it at notices/<id>.
import { useCallback } from "react";
import { Button, List, Tag } from "antd-mobile";
import { h5 } from "../http.ts";
import { navigate } from "../router.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Nothing, Refused, Title } from "./states.tsx";

const day = (time: string | null) => (time ? time.slice(0, 10) : "");

export function NoticesPage({ id }: { id: string | undefined }) {
  const load = useCallback(() => h5.listMyNotices(), []);
  const { data, error, loading } = useLoad(load);
  const open = id ? data?.list.find((n) => String(n.id) === id) : undefined;
  let body;
  if (!data && loading) body = <Loading />;
  else if (error) body = <Refused message={error} />;
  else if (!data) body = null;
  else if (id)
    body = open ? (
      <article>
        <h2 className="h5-section">{open.title}</h2>
        <div className="h5-section h5-muted">
          {open.communityName} · {day(open.publishTime)}
        </div>
        <div className="h5-notice-content">{open.content}</div>
      </article>
    ) : (
      <Nothing title="公告不存在或已过期" />
    );
  else
    body = data.list.length ? (
      <List>
        {data.list.map((n) => (
          <List.Item key={n.id} description={`${n.communityName} · ${day(n.publishTime)}`} extra={n.pinned ? <Tag color="primary">置顶</Tag> : undefined} onClick={() => navigate(`notices/${n.id}`)}>
            {n.title}
          </List.Item>
        ))}
      </List>
    ) : (
      <Nothing title="暂无公告" />
    );
  return (
    <>
      <Title>{id ? "公告详情" : "公告"}</Title>
      {id && (
        <Button fill="none" size="small" onClick={() => navigate("notices")}>
          ‹ 返回公告列表
        </Button>
      )}
      {body}
    </>
  );
}
