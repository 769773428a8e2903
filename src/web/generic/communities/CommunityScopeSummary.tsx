// A user's community scope on the list and the detail page (schemas: widget communityTree): 全部<社区>
// when it is empty, else the communities' names (the list shows the first two and a count).
import { Space, Tag } from "antd";
import { useCommunities } from "../../ui/CommunitySelect.tsx";
import { withScene } from "../../state/scene.ts";
import { communityIdsOf } from "./communityIds.ts";

const LIST_NAMES = 2;

export function CommunityScopeSummary({ value, detail }: { value: unknown; detail?: boolean }) {
  const ids = communityIdsOf(value);
  const { data } = useCommunities();
  if (!ids.length) return <>{withScene("全部{scene}")}</>;
  const names = new Map((data ?? []).map((c) => [c.communityId, c.communityName]));
  const shown = detail ? ids : ids.slice(0, LIST_NAMES);
  return (
    <Space size={[4, 4]} wrap>
      {shown.map((id) => (
        <Tag key={id}>{names.get(id) ?? (data ? "已删除" : "…")}</Tag>
      ))}
      {ids.length > shown.length && <span>等 {ids.length} 个</span>}
    </Space>
  );
}
