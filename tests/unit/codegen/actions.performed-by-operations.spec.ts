// An action a hand-written operation performs (`operation`, the approval of bills, refunds and
// waivers) is declared like any other: generated/actions.ts carries it with its states named, while
// the resource gets no generic route, OpenAPI entry or row button for it; an operation that is not
// declared, `bulk` without an operation, or an operation needing a code of its own (an approval's
// 收费审核) that the action does not name, fails codegen.
import { expect, test } from "vitest";
import { run } from "../../../scripts/codegen/index.ts";
import { probeModule, PROBE_MODULE } from "./support/probe-module.ts";
import { useProjectCopy } from "./support/project-copy.ts";

const copy = useProjectCopy();

const withFlow = (actions: string) =>
  probeModule({ statusField: "{ name: status, type: integer, label: 状态, mapping: roomStatus, default: 1, readOnly: true, list: true }" }) +
  `    actions:\n      stateField: status\n      list:\n${actions}`;

test("an action with an operation reaches generated/actions.ts only, its states named", async () => {
  copy.project.writeModule(
    PROBE_MODULE,
    withFlow("        - { name: deploy, label: 部署, from: [1, 3], to: 2 }\n        - { name: deliver, label: 交付, from: [4], to: 5, operation: approveBills, bulk: true }\n"),
  );
  expect(await run(copy.project.root, [])).toBe(0);
  const out = copy.project.generated();
  expect(out.get("actions.ts")).toContain(
    'deliver: { name: "deliver", label: "交付", from: [RoomStatus.UnderAcceptance], to: RoomStatus.Delivered, inputs: [], required: [], danger: false, operation: "approveBills", bulk: true },',
  );
  expect(out.get("actions.ts")).toContain("from: [RoomStatus.NotDeployed, RoomStatus.AwaitingDelivery], to: RoomStatus.Deploying");
  const def = out.get("resource-defs/probeGadgets.ts")!;
  expect(def).toContain('"name": "deploy"');
  expect(def).not.toContain('"name": "deliver"');
  const paths = JSON.parse(out.get("openapi.json")!).paths;
  expect(paths["/api/property/probeGadgets/{id}/actions/deploy"]).toBeDefined();
  expect(paths["/api/property/probeGadgets/{id}/actions/deliver"]).toBeUndefined();
}, 60_000);

test.each([
  ["an operation that is not declared", "        - { name: deliver, label: 交付, from: [4], to: 5, operation: noSuchOperation }\n", 'operation "noSuchOperation" is not declared'],
  ["bulk without an operation", "        - { name: deliver, label: 交付, from: [4], to: 5, bulk: true }\n", 'resource "probeGadgets": action "deliver": bulk needs the operation that performs it'],
  [
    "an operation needing a code of its own (收费审核) without the action naming it",
    "        - { name: deliver, label: 交付, from: [4], to: 5, operation: approveWaiver }\n",
    'its operation "approveWaiver" needs PAYMENT_APPROVE: declare authority: PAYMENT_APPROVE',
  ],
])(
  "%s fails codegen and writes nothing",
  async (_what, actions, message) => {
    copy.project.writeModule(PROBE_MODULE, withFlow(actions));
    const before = copy.project.generated();
    expect(await run(copy.project.root, [])).toBe(1);
    expect(copy.errors).toContain(message);
    const after = copy.project.generated();
    expect([...after.keys()].filter((k) => after.get(k) !== before.get(k))).toEqual([]);
  },
  60_000,
);
