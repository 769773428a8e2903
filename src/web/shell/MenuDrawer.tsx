// The left menu on a phone (below md): a button in the header (打开菜单) opens the menu in a drawer
// from the left; choosing an item closes it. On wider screens the shell shows the rail (Menu.tsx).
import { MenuOutlined } from "@ant-design/icons";
import { Button, Drawer } from "antd";
import { useState } from "react";
import { constants } from "../../../generated/constants.ts";
import MenuList, { useMenuTheme } from "./MenuList.tsx";

/** antd's dark menu background, behind the items when the tenant's theme sets none. */
const DARK_MENU_BACKGROUND = "#001529";

export default function MenuDrawer() {
  const [open, setOpen] = useState(false);
  const theme = useMenuTheme();
  return (
    <>
      {/* The menu's place in the frame on a phone (shell-menu: what the shell shows once signed in). */}
      <Button type="text" icon={<MenuOutlined />} aria-label="打开菜单" aria-expanded={open} onClick={() => setOpen(true)} style={{ color: "inherit", flexShrink: 0 }} data-testid="shell-menu" />
      <Drawer
        title="菜单"
        placement="left"
        width={constants.menuWidth}
        open={open}
        onClose={() => setOpen(false)}
        styles={{ body: { padding: 0, background: theme?.menuBackGroundColor || DARK_MENU_BACKGROUND } }}
      >
        <MenuList collapsed={false} theme={theme} onChosen={() => setOpen(false)} />
      </Drawer>
    </>
  );
}
