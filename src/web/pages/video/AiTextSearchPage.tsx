// 以文搜图 (/Wisdomiot/AiTextSearch, HBL05020): describe what to look for ("白色轿车 南门") and get the
// captured pictures whose description, channel, plate or capture kind match the words, best matches
// first (POST {capture}/capturePictures/actions/textSearch), in the current community or all.
import { useQuery } from "@tanstack/react-query";
import { Card, Checkbox, Col, Empty, Image, Input, Pagination, Row, Space, Spin, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { mask } from "../../../common/masks.ts";
import { queries } from "../../http/query-client.ts";
import { useCurrentCommunity } from "../../state/community.ts";
import { withScene } from "../../state/scene.ts";
import { useRouteTitle } from "../../generic/routeTitle.ts";

const EXAMPLES = ["车辆 东门", "人脸", "白色轿车", "北门 行人"];
const PAGE_SIZE = 12;

export default function AiTextSearchPage() {
  const pageTitle = useRouteTitle();
  const community = useCurrentCommunity();
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [pageNo, setPageNo] = useState(1);
  const [allCommunities, setAll] = useState(false);
  const communityId = allCommunities ? undefined : (community?.communityId ?? undefined);
  const { data, isFetching: loading } = useQuery({ ...queries.searchCapturePictures.queryOptions({ body: { text: query, pageNo, pageSize: PAGE_SIZE, communityId } }), enabled: !!query });
  const search = (value: string) => {
    setText(value);
    setQuery(value.trim());
    setPageNo(1);
  };
  return (
    <Card title={pageTitle} variant="borderless">
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        <Input.Search enterButton="搜索" size="large" allowClear value={text} onChange={(e) => setText(e.target.value)} onSearch={search} placeholder="输入要找的画面内容，如：白色轿车 南门" />
        <Space wrap>
          <Typography.Text type="secondary">试试：</Typography.Text>
          {EXAMPLES.map((e) => (
            <Tag key={e} style={{ cursor: "pointer" }} onClick={() => search(e)}>
              {e}
            </Tag>
          ))}
          <Checkbox checked={allCommunities} onChange={(e) => setAll(e.target.checked)}>
            {withScene("搜索全部{scene}")}
          </Checkbox>
        </Space>
        <Spin spinning={loading}>
          {!query ? (
            <Empty description="输入文字描述后搜索抓拍图片" />
          ) : data && data.list.length === 0 ? (
            <Empty description="没有找到匹配的图片" />
          ) : (
            <>
              <Typography.Text type="secondary">找到 {data?.total ?? 0} 张图片</Typography.Text>
              <Row gutter={[16, 16]} style={{ marginTop: 8 }}>
                {(data?.list ?? []).map((hit) => (
                  <Col key={hit.id} xs={24} sm={12} md={8} lg={6}>
                    <Card
                      size="small"
                      cover={
                        <Image
                          src={hit.image}
                          alt={hit.description ?? hit.channelName}
                          height={140}
                          style={{ objectFit: "cover" }}
                          fallback="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>"
                        />
                      }
                    >
                      <Typography.Text strong>{hit.channelName}</Typography.Text>
                      <div style={{ fontSize: 12 }}>{dayjs(hit.captureTime).format("YYYY-MM-DD HH:mm:ss")}</div>
                      <Space size={4} wrap style={{ marginTop: 4 }}>
                        <Tag>{hit.captureTypeLabel}</Tag>
                        {hit.plate && <Tag color="blue">{mask("plate", hit.plate)}</Tag>}
                        <Tag color="green">匹配 {hit.score}</Tag>
                      </Space>
                      {hit.description && <div style={{ fontSize: 12, marginTop: 4 }}>{hit.description}</div>}
                    </Card>
                  </Col>
                ))}
              </Row>
              {(data?.total ?? 0) > PAGE_SIZE && <Pagination style={{ marginTop: 16 }} current={pageNo} pageSize={PAGE_SIZE} total={data?.total ?? 0} onChange={setPageNo} showSizeChanger={false} />}
            </>
          )}
        </Spin>
      </Space>
    </Card>
  );
}
