// The two 7-day line charts both boards show: open-door events and vehicles in/out per day.
import { Col } from "antd";
import { BoardCard } from "./BoardCard.tsx";
import type { GlobalBoardData } from "./board-types.ts";
import { DailyLines } from "../../../ui/charts/XYChart.tsx";

type Traffic = Pick<GlobalBoardData, "openDoorDays" | "parkingDays">;

export function TrafficCards({ data }: { data: Traffic }) {
  return (
    <>
      <Col xs={24} lg={12}>
        <BoardCard title="近7天开门次数">
          <DailyLines title="近7天开门次数" labels={data.openDoorDays.map((d) => d.date)} series={[{ name: "开门", values: data.openDoorDays.map((d) => d.count) }]} />
        </BoardCard>
      </Col>
      <Col xs={24} lg={12}>
        <BoardCard title="近7天车辆进出">
          <DailyLines
            title="近7天车辆进出"
            labels={data.parkingDays.map((d) => d.date)}
            series={[
              { name: "入场", values: data.parkingDays.map((d) => d.in) },
              { name: "出场", values: data.parkingDays.map((d) => d.out) },
            ]}
          />
        </BoardCard>
      </Col>
    </>
  );
}
