// antd forms as the journeys fill them: a form item found by its label, a select's option chosen by
// its title (the list closes before the next step).
import { expect } from "vitest";
import type { Locator } from "playwright-core";

/** The form item of `scope` whose label reads `label` exactly. */
export const formItem = (scope: Locator, label: string): Locator =>
  scope.locator(".ant-form-item").filter({ has: scope.page().locator(".ant-form-item-label label").getByText(label, { exact: true }) });

/** Opens the select of the item labelled `label`, picks `option` and waits for the list to close. */
export async function chooseOption(scope: Locator, label: string, option: string): Promise<void> {
  const page = scope.page();
  await formItem(scope, label).locator(".ant-select").click();
  const lists = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
  await lists.locator(`.ant-select-item-option[title="${option}"]`).click();
  await expect.poll(() => lists.count(), { timeout: 30_000 }).toBe(0);
}
