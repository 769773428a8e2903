// The owner's other rooms of the community with bills to pay: each can be added to the payment (its
// bills join the desk's list, one payment and one receipt for all) or taken out again.
import { Alert, Button, List, Space, Typography } from "antd";
import type { GetCashierDeskData } from "../../../../../generated/operation-types.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

type OwnerRoom = GetCashierDeskData["ownerRooms"][number];

export function OwnerRooms({ rooms, added, onToggle }: { rooms: OwnerRoom[]; added: number[]; onToggle: (roomId: number) => void }) {
  if (!rooms.length) return null;
  return (
    <Alert
      type="info"
      showIcon
      message={fillTexts.payDesk.ownerRooms({ count: rooms.length })}
      description={
        <List<OwnerRoom>
          size="small"
          dataSource={rooms}
          renderItem={(r) => {
            const isAdded = added.includes(r.roomId);
            return (
              <List.Item
                actions={[
                  <Button
                    key="toggle"
                    size="small"
                    type={isAdded ? "default" : "primary"}
                    ghost={!isAdded}
                    onClick={() => onToggle(r.roomId)}
                    aria-label={fillTexts.payDesk.roomToggle({ action: isAdded ? "移出" : "加入", room: r.roomName })}
                  >
                    {isAdded ? "移出" : "加入收款"}
                  </Button>,
                ]}
              >
                <Space wrap size={4}>
                  <Typography.Text strong>{r.roomName}</Typography.Text>
                  <Typography.Text type="secondary">
                    {r.billCount} 张账单，未缴 ¥{r.outstanding}
                  </Typography.Text>
                </Space>
              </List.Item>
            );
          }}
        />
      }
    />
  );
}
