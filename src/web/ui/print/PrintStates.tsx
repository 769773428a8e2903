// What a print page shows instead of its sheet: a spinner while its data loads, and, when there is
// none to print, why, with the way back to the list it was opened from.
import { Button, Card, Empty, Spin } from "antd";
import { useNavigate } from "react-router";

export const PrintLoading = () => <Spin style={{ display: "block", margin: 48 }} />;

export function PrintMissing({ description, backTo, backLabel }: { description: string; backTo: string; backLabel: string }) {
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Empty description={description}>
        <Button onClick={() => navigate(backTo)}>{backLabel}</Button>
      </Empty>
    </Card>
  );
}
