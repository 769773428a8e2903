// The form input of a user's community scope (schemas: widget communityTree): the area tree with its
// communities, searchable, several communities checked; none checked means every community (the
// placeholder says so). The value is the JSON text of the checked ids (the generic form's json
// convention), so the payload carries an array of ids. Its own chunk, loaded by the forms that show
// such a field (generic/inputs.tsx).
import { useQuery } from "@tanstack/react-query";
import { TreeSelect } from "antd";
import { useMemo } from "react";
import type { FindCommunityTreeData } from "../../../../generated/operation-types.ts";
import { queries } from "../../http/query-client.ts";
import { communityIdsOf } from "./communityIds.ts";

interface Props {
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
}

type TreeNode = FindCommunityTreeData[number];
interface Option {
  value: string;
  title: string;
  children?: Option[];
  disableCheckbox?: boolean;
}

const AREA = "area:";

function options(nodes: TreeNode[]): Option[] {
  return nodes.map((n) => (n.type === "community" ? { value: String(n.id), title: n.name } : { value: `${AREA}${n.id}`, title: n.name, children: options(n.children as TreeNode[]) }));
}

function CommunityTreeInput({ value, onChange, disabled, id, placeholder }: Props) {
  const { data, isFetching } = useQuery(queries.findCommunityTree.queryOptions({ body: {} }));
  const treeData = useMemo(() => options(data ?? []), [data]);
  const checked = communityIdsOf(value).map(String);
  return (
    <TreeSelect
      id={id}
      aria-label="管理范围"
      style={{ width: "100%" }}
      disabled={disabled}
      loading={isFetching}
      treeData={treeData}
      value={checked}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      showSearch
      treeNodeFilterProp="title"
      allowClear
      maxTagCount="responsive"
      placeholder={placeholder}
      treeDefaultExpandAll
      onChange={(keys: string[]) => onChange?.(JSON.stringify(keys.filter((k) => !k.startsWith(AREA)).map(Number)))}
    />
  );
}

export default CommunityTreeInput;
