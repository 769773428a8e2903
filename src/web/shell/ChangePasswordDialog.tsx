// 修改密码 from the user menu, and at sign-in when the account's password was set by someone else
// (mustChangePassword: the dialog cannot be closed until the password is changed). The new password
// is checked by the password rule of schemas/rules.yaml (the generated validator the server runs); the
// server refuses a common password and a wrong 原密码 with their messages, shown on the form.
import { fillTexts } from "../../../generated/fill-texts.ts";
import { App, Form, Input, Modal } from "antd";
import { useMutation } from "@tanstack/react-query";
import { RequestError } from "../http/request.ts";
import { rules } from "../../../generated/rules.ts";
import { ruleOf } from "../lib/rules.ts";
import { shellMutations } from "./shell-queries.ts";

interface Props {
  open: boolean;
  /** The account must change its password now: no closing; the dialog's other button is 退出登录 (onCancel). */
  required?: boolean;
  onDone: () => void;
  onCancel: () => void;
}

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export default function ChangePasswordDialog({ open, required = false, onDone, onCancel }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const modifyPassword = useMutation(shellMutations.modifyPassword());
  const save = async () => {
    const values = await form.validateFields();
    try {
      await modifyPassword.mutateAsync({ body: { oldPassword: values.oldPassword, newPassword: values.newPassword } });
      void message.success("密码已修改");
      form.resetFields();
      onDone();
    } catch (error) {
      // The request wrapper has shown the message; a field's own message goes on the field.
      if (error instanceof RequestError) {
        const field = error.message === "原密码错误" ? "oldPassword" : "newPassword";
        form.setFields([{ name: field, errors: [error.fieldErrors[0]?.message ?? error.message] }]);
      }
    }
  };
  return (
    <Modal
      title={required ? "请修改初始密码" : "修改密码"}
      open={open}
      onOk={() => void save()}
      okText="确定"
      confirmLoading={modifyPassword.isPending}
      onCancel={onCancel}
      closable={!required}
      maskClosable={false}
      keyboard={!required}
      cancelText={required ? "退出登录" : "取消"}
      destroyOnHidden
    >
      {required && <p>您的密码由管理员设置，请先修改为只有您知道的密码。</p>}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: "请输入原密码" }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label="新密码" extra={fillTexts.webShell.passwordHint({ rule: rules.password.description })} rules={[ruleOf("password", "请输入新密码")]}>
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={["newPassword"]}
          rules={[
            { required: true, message: "请再次输入新密码" },
            ({ getFieldValue }) => ({ validator: async (_r, v) => (v && v !== getFieldValue("newPassword") ? Promise.reject(new Error("两次输入的密码不一致")) : undefined) }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
