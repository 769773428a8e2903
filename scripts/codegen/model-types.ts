// The shapes of the model that codegen emits into generated/. Copied verbatim to
// generated/model-types.ts, so the server and the web app import them from generated/.

export type Service = "community" | "device" | "system" | "property" | "vehicle" | "publish" | "accesscontrol" | "accessissued" | "capture" | "management" | "pay" | "smarthome" | "visitor";

export type FieldType = "string" | "text" | "integer" | "decimal" | "money" | "boolean" | "date" | "datetime" | "ref" | "image" | "json" | "secret";

export type MaskFormat = "name" | "idCard" | "phone" | "email" | "plate" | "card" | "houseNo";

/**
 * A reference to another resource's rows. In the web app's per-resource definitions
 * (generated/resource-defs/) it also carries what showing it needs of the target: its authority
 * code and its label field, so a page loads no other resource's definition.
 */
export interface FieldRef {
  resource: string;
  labelField: string;
  /** Another ref field of the resource the picked row belongs to: the target's field of the same name must equal it. */
  dependsOn?: string;
  /** Only the target's rows whose fields hold these values may be picked (the picker filters by them, the server refuses others). */
  where?: Record<string, string | number | boolean>;
  targetCode?: string;
  labelFieldDef?: FieldDef;
  /** The target's title field, shown where a row's label field is empty (a user without a 姓名 by its 用户名). */
  fallbackField?: string;
}

/**
 * A field used only while another field of the row holds one of some values (a pricing type's unit
 * price for the methods that price by it): shown only then, cleared by the server otherwise.
 */
export interface UsedWhen {
  field: string;
  in: (string | number | boolean)[];
  /** A row where the field is used must have it. */
  required?: boolean;
  /** The message of a missing one (default 请输入<label> / 请选择<label>). */
  requiredMessage?: string;
}

export interface FieldDef {
  name: string;
  column: string;
  type: FieldType;
  label: string;
  required: boolean;
  maxLength?: number;
  precision?: [number, number];
  default?: unknown;
  rule?: string;
  ruleParams?: Record<string, number | string>;
  mapping?: string;
  mask?: MaskFormat;
  ref?: FieldRef;
  list: boolean;
  filter: boolean;
  search: boolean;
  sort: boolean;
  form: boolean;
  detail: boolean;
  readOnly: boolean;
  placeholder?: string;
  /** Fields the database composes this string from, joined by '-' (ref parts by their label field). */
  composedOf?: string[];
  /** Used (shown, kept, maybe required) only while another field holds one of some values. */
  usedWhen?: UsedWhen;
  /** A special input on the generic form (authorityTree: authority codes from the menu and permission groups; communityTree: community ids from the area tree). */
  widget?: "authorityTree" | "communityTree" | "imageList";
  /** A secret the server makes (a domain hook), answered once in the create answer and never again. */
  revealedOnCreate?: boolean;
}

/** One state transition of a resource (schemas: resource actions.list). */
export interface ActionDef {
  name: string;
  label: string;
  /** States it may start from (as text, like the mapping's keys). */
  from: string[];
  /** The state after it. */
  to: string;
  /** Fields its dialog asks for. */
  inputs: string[];
  /** Inputs that may not be empty. */
  required: string[];
  byField?: string;
  /** A permission code the acting user needs besides the resource's: refused (403) and not offered without it. */
  authority?: string;
  atField?: string;
  confirm?: string;
  /** The message after it succeeded (default 「<label>成功」). */
  done?: string;
  /** Fields of the row its dialog shows at the top. */
  shows?: string[];
  /** After it succeeded, the page offers to open `route` with the id the row's `field` holds. */
  opens?: OpensRoute;
  /** A money figure its dialog computes as the user types: the row's `of` less the input `less`. */
  remainder?: { of: string; less: string; label: string };
  danger: boolean;
  /** Its generic operation's operationId in the API document when a contract names it (default <resource>_<action>). */
  operationId?: string;
  /** The hand-written operation that performs it (no generic route, OpenAPI entry or row button). */
  operation?: string;
  /** Its operation decides many rows at once, skipping those it cannot decide. */
  bulk?: boolean;
}

export interface ResourceActions {
  stateField: string;
  historyField?: string;
  list: ActionDef[];
}

export interface ResourceDef {
  name: string;
  service: Service;
  module: string;
  label: string;
  description?: string;
  table: string;
  scope: "tenant" | "community";
  /** Tenant scope: the integer field naming the community a row concerns; a limited user sees its communities' rows and those naming none. */
  scopeField?: string;
  code: string;
  readOnly: boolean;
  defaultSort: { field: string; order: "asc" | "desc" };
  titleField: string;
  unique: string[][];
  routePath?: string;
  fields: FieldDef[];
  /** State transitions (row buttons; POST /api/{service}/{name}/{id}/actions/{action}). */
  actions?: ResourceActions;
  /** Excel import from a template (GET .../actions/importTemplate, POST .../actions/import). */
  importable?: boolean;
  /** Devices post records (POST .../actions/ingest). */
  ingest?: boolean;
  /** "statement": the table's references are checked once per statement, not per row (scripts/codegen/ddl.ts). */
  referenceChecks?: "statement";
  /** Made on the create form, then changed only by actions: no 编辑 / 删除 on the generic pages. */
  createOnly?: boolean;
  /** After a row is created, the form offers to open `route` with the id the new row's `field` holds. */
  afterCreate?: OpensRoute;
  /** Other resources' rows referring to a row, shown under its detail page (a room's residents, bills …). */
  related?: RelatedRows[];
  /** Rows the server never deletes (the main account): no 删除 nor selection on the generic list. */
  keptRows?: { field: string; equals: string | number | boolean; reason: string };
  /** Fields changed by bulk updates: no index of their own, and the table's pages half free (scripts/codegen/ddl.ts). */
  updatedInBulk?: string[];
}

/** A route a page offers after a write, opened with the id a ref field of the row holds (a receipt to print). */
export interface OpensRoute {
  field: string;
  /** A route path with an :id segment. */
  route: string;
  /** The offer's button. */
  label: string;
}

/** Rows of `resource` whose ref `field` names the row; `code` is that resource's authority code. */
export interface RelatedRows {
  resource: string;
  field: string;
  title: string;
  code?: string;
}

export interface RouteDef {
  path: string;
  name: string;
  module: string;
  code?: string;
  /** Guarding code when the spec gives the route none (see schemas); absent for public routes. */
  authority?: string;
  public: boolean;
  title: string;
  breadcrumb: string[];
  editBreadcrumb?: string[];
  lc?: string;
  icon?: string;
  resource?: string;
  page?: string;
  query?: Record<string, string | number>;
  inMenu: boolean;
  outsideFrame: boolean;
  hideTabs: boolean;
  tenantMenu: boolean;
  iframe: boolean;
  offline: boolean;
  demo: boolean;
  variantOf?: string;
  parent?: string;
  external?: { kind: "aiInspect" | "nucleinCompartment" | "fireCharge" | "systemApp"; url?: string; ticket?: boolean };
}

/** Menu node as spec §3 names it (index, code, alias, icon, subMenus, applicationUrl, systemMenu, isTenantMenu). */
export interface MenuNode {
  index: string;
  code?: string;
  alias: string;
  icon?: string;
  path?: string;
  applicationUrl?: string;
  systemMenu?: string;
  isTenantMenu: boolean;
  subMenus: MenuNode[];
}

export interface MappingDef {
  description: string;
  valueType: "integer" | "string";
  /** By code: the value's English name (the constant in generated/states.ts), its label and colour; offered false: never a form's choice. */
  values: Record<string, { name: string; label: string; color?: string; offered?: false }>;
  otherwise?: string;
  usage: "field" | "code";
}

export interface RuleCheck {
  kind: "pattern" | "notPattern" | "maxLength" | "minLength" | "decimalMax" | "decimalMin" | "decimalGt" | "decimalLt" | "multipleOf" | "idCardChecksum";
  value: string | number | boolean;
  message: string;
}

export interface RuleDef {
  description: string;
  usage: "field" | "code";
  params: Record<string, number | string>;
  required?: string;
  requiredMessage?: string;
  checks: RuleCheck[];
}

export interface UploadRules {
  maxSize: number;
  unit: "MB" | "KB";
  extensions: string[];
  forbiddenNameChars: string[];
  messages: { tooLarge: string; tooLargeKb: string; badName: string; badExtension: string };
}

export interface ErrorCodeDef {
  code: number;
  status: number;
  message: string;
}
