// 注册帮助 (/help/register, public): how an enterprise gets onto the platform — the steps from
// applying for the enterprise account to creating users and roles — with the service phone and
// the app download pages. Read-only content (the spec shows no more).
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { Card, Space, Steps, Typography } from "antd";
import { Link } from "react-router";
import { constants } from "../../../../../generated/constants.ts";
import { OutsideLayout } from "../../../ui/OutsideLayout.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function HelpRegisterPage() {
  const pageTitle = useRouteTitle();
  return (
    <OutsideLayout title={pageTitle}>
      <Card style={{ maxWidth: 720, margin: "0 auto" }}>
        <Typography.Title level={4}>如何开通平台账号</Typography.Title>
        <Steps
          direction="vertical"
          current={-1}
          items={[
            { title: "申请企业账号", description: fillTexts.webPages.registerByPhone({ phone: constants.customerServicePhone }) },
            { title: "登录并完善信息", description: "使用主账号登录平台，在个人中心完善企业简称、联系电话等信息。" },
            { title: "添加区域与社区", description: "在“社区管理 › 社区信息”中添加区域和社区，或下载模板批量导入。" },
            { title: "配置角色与用户", description: "在“系统管理 › 角色管理”中按岗位勾选功能权限，再在“用户管理”中为员工创建账号并分配角色。" },
            { title: "下载App", description: "业主和物业人员下载对应的App，使用手机号登录。" },
          ]}
        />
        <Space size="large">
          <Link to="/login">返回登录</Link>
          <Link to="/downloadApkForOwner">业主App下载</Link>
          <Link to="/downloadApkForProperty">物业App下载</Link>
        </Space>
      </Card>
    </OutsideLayout>
  );
}
