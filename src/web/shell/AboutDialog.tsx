// About dialog (spec §2 Layout): the version and the customer-service phone.
import { Descriptions, Modal } from "antd";
import { constants } from "../../../generated/constants.ts";

export default function AboutDialog({ open, onClose, productName }: { open: boolean; onClose: () => void; productName: string }) {
  return (
    <Modal title="关于" open={open} onCancel={onClose} onOk={onClose} cancelButtonProps={{ style: { display: "none" } }} okText="知道了">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="产品">{productName}</Descriptions.Item>
        <Descriptions.Item label="版本">{constants.version}</Descriptions.Item>
        <Descriptions.Item label="客服电话">{constants.customerServicePhone}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
