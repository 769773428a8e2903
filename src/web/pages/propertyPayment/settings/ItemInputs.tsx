// Inputs of the payment-item form that are not plain fields: the 房屋状态 it bills (mapping
// roomOccupancy as checkboxes; none ticked = every state) and the buildings it bills (empty = all),
// from the house cascade.
import { useQuery } from "@tanstack/react-query";
import { Checkbox, Select } from "antd";
import { houseQueries } from "../api.ts";
import { optionsOf } from "../shared/labels.tsx";

export function OccupancyInput({ value, onChange }: { value?: number[]; onChange?: (v: number[]) => void }) {
  return <Checkbox.Group options={optionsOf("roomOccupancy")} value={value ?? []} onChange={(v) => onChange?.(v.map(Number))} />;
}

export function BuildingsInput({ communityId, value, onChange }: { communityId: number | string; value?: number[]; onChange?: (v: number[]) => void }) {
  const { data } = useQuery(houseQueries.buildings(communityId));
  const options = (data ?? []).map((b) => ({ value: b.id, label: b.name }));
  return <Select mode="multiple" allowClear options={options} value={value ?? []} onChange={(v) => onChange?.(v)} placeholder="不选则为全部楼栋" style={{ width: "100%" }} />;
}
