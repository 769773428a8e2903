// What a community-level fee page shows before a community is chosen in the header picker.
import { Card, Empty } from "antd";

export function NeedCommunity({ title }: { title: string }) {
  return (
    <Card title={title} variant="borderless">
      <Empty description="请先在页面顶部选择社区" />
    </Card>
  );
}
