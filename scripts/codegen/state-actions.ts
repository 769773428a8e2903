// generated/actions.ts: every resource's declared state actions (schemas/modules/*.yaml `actions`)
// with their `from` and `to` as named states of generated/states.ts, for the server and the web app
// alike. An action with `operation` is performed by that hand-written operation (the approval of
// bills, refunds and waivers): codegen checks the operation is declared, and the model leaves it out
// of the resource's generic actions (no `.../{id}/actions/{name}` route, OpenAPI entry or generic
// row button), so this file is where both sides read its states.
import { SchemaError } from "./load.ts";
import type { Model } from "./model.ts";
import type { OperationModel } from "./operations.ts";

const pascal = (s: string) => s.replace(/(^|[^A-Za-z0-9])([a-z])/g, (_m, _p, c: string) => c.toUpperCase()).replace(/^[a-z]/, (c) => c.toUpperCase());

/** An action naming an operation that schemas/operations/*.yaml does not declare fails codegen. */
export function checkActionOperations(model: Model, operations: OperationModel[]): void {
  const declared = new Map(operations.map((o) => [o.name, o]));
  const problems = Object.entries(model.stateActions).flatMap(([resource, actions]) =>
    actions.list.flatMap((a) => {
      if (!a.operation) return [];
      const where = `schemas/modules (resource "${resource}" action "${a.name}")`;
      const op = declared.get(a.operation);
      if (!op) return [`${where}: operation "${a.operation}" is not declared in schemas/operations/*.yaml`];
      // An operation that needs a code of its own (an approval's 收费审核): the action names it, so a page offers it only to its holders.
      const own = typeof op.authority === "string" && /^[A-Z][A-Z_]+$/.test(op.authority) ? op.authority : undefined;
      return own && a.authority !== own ? [`${where}: its operation "${op.name}" needs ${own}: declare authority: ${own}`] : [];
    }),
  );
  if (problems.length) throw new SchemaError(problems);
}

const STATE_ACTION_TYPES = `/** One declared state action; \`from\` and \`to\` are states of the resource's mapping (generated/states.ts). */
export interface StateAction<S extends number | string = number | string> {
  readonly name: string;
  /** Button text; the refused message says it (当前状态为“…”，不能<label>). */
  readonly label: string;
  /** The states it may start from. */
  readonly from: readonly S[];
  /** The state after it. */
  readonly to: S;
  /** Fields it asks for, and those of them that may not be empty. */
  readonly inputs: readonly string[];
  readonly required: readonly string[];
  readonly byField?: string;
  /** A permission code the acting user needs besides the resource's (an approval: 收费审核). */
  readonly authority?: string;
  readonly atField?: string;
  readonly confirm?: string;
  readonly danger: boolean;
  /** The hand-written operation (schemas/operations/*.yaml) that performs it: no generic route. */
  readonly operation?: string;
  /** The operation decides many rows at once; rows it cannot decide are skipped and counted. */
  readonly bulk?: boolean;
}

/** A resource's state flow: the field holding the state, its mapping and the actions by name. */
export interface ResourceStateActions {
  readonly stateField: string;
  readonly mapping: string;
  readonly actions: { readonly [name: string]: StateAction };
}
`;

/** The text of generated/actions.ts. */
export function stateActionsModule(model: Model): string {
  const used = new Set<string>();
  const resources = Object.entries(model.stateActions).map(([name, actions]) => {
    const resource = model.resources.find((r) => r.name === name)!;
    const mappingName = resource.fields.find((f) => f.name === actions.stateField)!.mapping!;
    const mapping = model.mappings[mappingName];
    const type = pascal(mappingName);
    used.add(type);
    const state = (code: string) => `${type}.${mapping.values[code].name}`;
    const label = (code: string) => mapping.values[code].label;
    const entries = actions.list.map((a) => {
      const fields = [
        `name: ${JSON.stringify(a.name)}`,
        `label: ${JSON.stringify(a.label)}`,
        `from: [${a.from.map(state).join(", ")}]`,
        `to: ${state(a.to)}`,
        `inputs: ${JSON.stringify(a.inputs)}`,
        `required: ${JSON.stringify(a.required)}`,
        ...(a.byField ? [`byField: ${JSON.stringify(a.byField)}`] : []),
        ...(a.authority ? [`authority: ${JSON.stringify(a.authority)}`] : []),
        ...(a.atField ? [`atField: ${JSON.stringify(a.atField)}`] : []),
        ...(a.confirm ? [`confirm: ${JSON.stringify(a.confirm)}`] : []),
        `danger: ${a.danger}`,
        ...(a.operation ? [`operation: ${JSON.stringify(a.operation)}`] : []),
        ...(a.bulk ? ["bulk: true"] : []),
      ];
      return `      /** ${a.label}: ${a.from.map(label).join(" / ")} → ${label(a.to)} */\n      ${a.name}: { ${fields.join(", ")} },`;
    });
    return (
      `  /** ${resource.label} (schemas/modules/${resource.module}.yaml) */\n` +
      `  ${name}: {\n    stateField: ${JSON.stringify(actions.stateField)},\n    mapping: ${JSON.stringify(mappingName)},\n    actions: {\n${entries.join("\n")}\n    },\n  },`
    );
  });
  const imports = used.size ? `import { ${[...used].sort().join(", ")} } from "./states.ts";\n\n` : "";
  return (
    imports +
    STATE_ACTION_TYPES +
    `\n/** Every resource's state actions by resource and action name (schemas/modules/*.yaml \`actions\`). */\n` +
    `export const stateActions = {\n${resources.join("\n")}\n} as const satisfies Record<string, ResourceStateActions>;\n`
  );
}
