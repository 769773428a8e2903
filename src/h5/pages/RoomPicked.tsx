// A page about one of the resident's bound rooms (账单, 票据): the room from the address, else the
// first bound one, with a picker when there are several; the page's content for the chosen room.
import { useCallback, type ReactNode } from "react";
import { Selector } from "antd-mobile";
import { h5 } from "../http.ts";
import { navigate } from "../router.ts";
import { useLoad } from "../use-load.ts";
import { Loading, Nothing, Refused, Title } from "./states.tsx";

interface Props {
  /** The address's room (?room=), as given. */
  room: string | null;
  /** The page's address without its query ("bills"), for the picker's links. */
  tab: string;
  title: string;
  children: (roomId: number) => ReactNode;
}

export function RoomPicked({ room, tab, title, children }: Props) {
  const load = useCallback(() => h5.listMyRooms(), []);
  const { data, error, loading } = useLoad(load);
  const asked = room && /^[1-9]\d{0,9}$/.test(room) ? Number(room) : null;
  const roomId = asked ?? data?.list[0]?.roomId ?? null;
  let body;
  if (!data && loading) body = <Loading />;
  else if (error) body = <Refused message={error} />;
  else if (roomId === null) body = <Nothing title="暂无已绑定的房屋" />;
  else
    body = (
      <>
        {data && data.list.length > 1 && (
          <div className="h5-section">
            <Selector
              aria-label="房屋"
              options={data.list.map((r) => ({ label: `${r.communityName} ${r.roomName ?? r.roomId}`, value: r.roomId }))}
              value={[roomId]}
              onChange={(v) => v.length && navigate(`${tab}?room=${v[0]}`, true)}
            />
          </div>
        )}
        {children(roomId)}
      </>
    );
  return (
    <>
      <Title>{title}</Title>
      {body}
    </>
  );
}
