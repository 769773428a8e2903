// Turns the checked YAML sources into one normalized model: defaults filled in, routes flattened,
// references resolved. Anything codegen cannot build from fails here with file:line:column and path.
import type { SourceFile, Sources, Yaml, YamlPath } from "./load.ts";
import { keyPosition, position, SchemaError } from "./load.ts";
import type { ActionDef, ErrorCodeDef, FieldDef, MappingDef, MenuNode, OpensRoute, ResourceActions, ResourceDef, RouteDef, RuleCheck, RuleDef, UploadRules } from "./model-types.ts";

export interface Model {
  modules: { module: string; title: string; icon?: string; order: number; tenantMenu: boolean; inMenu: boolean; file: string }[];
  routes: RouteDef[];
  menu: MenuNode[];
  resources: ResourceDef[];
  rules: Record<string, RuleDef>;
  upload: UploadRules;
  mappings: Record<string, MappingDef>;
  permissionGroups: Record<string, { description: string; codes: Record<string, string> }>;
  allowedDuplicateRouteCodes: Record<string, string[]>;
  errorMessages: Record<string, string>;
  errorCodes: Record<string, ErrorCodeDef>;
  constants: Record<string, { value: unknown; description: string; unit?: string }>;
  texts: Record<string, Record<string, string | string[]>>;
  /**
   * Every resource's declared actions, those a hand-written operation performs included
   * (generated/actions.ts); a resource's own `actions` keeps the generic ones only.
   */
  stateActions: Record<string, ResourceActions>;
}

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const CHECK_KINDS: RuleCheck["kind"][] = ["pattern", "notPattern", "maxLength", "minLength", "decimalMax", "decimalMin", "decimalGt", "decimalLt", "multipleOf", "idCardChecksum"];

function buildRules(raw: Record<string, Yaml>): Record<string, RuleDef> {
  const out: Record<string, RuleDef> = {};
  for (const [name, r] of Object.entries(raw)) {
    out[name] = {
      description: r.description,
      usage: r.usage ?? "field",
      params: r.params ?? {},
      ...(r.required !== undefined ? { required: r.required } : {}),
      ...(r.requiredMessage !== undefined ? { requiredMessage: r.requiredMessage } : {}),
      checks: (r.checks ?? []).map((c: Yaml) => {
        const kind = CHECK_KINDS.find((k) => k in c)!;
        return { kind, value: c[kind], message: c.message };
      }),
    };
  }
  return out;
}

/** Where a mapping is defined: schemas/mappings.yaml or the `mappings:` of a module file. */
type MappingSource = { src: SourceFile<Yaml>; name: string; raw: Yaml };

/** The mappings of mappings.yaml and of every module file, in one table; a name defined twice is a problem. */
function buildMappings(defs: MappingSource[], problems: string[]): Record<string, MappingDef> {
  const out: Record<string, MappingDef> = {};
  const definedAt = new Map<string, string>();
  for (const { src, name, raw: m } of defs) {
    const at = keyPosition(src, ["mappings", name]);
    if (definedAt.has(name)) {
      problems.push(`${at}: at /mappings/${name}: mapping "${name}" is already defined at ${definedAt.get(name)}`);
      continue;
    }
    definedAt.set(name, at);
    const values: MappingDef["values"] = {};
    for (const [code, v] of Object.entries(m.values as Record<string, Yaml>)) {
      values[code] = { name: v.name, label: v.label, ...(v.color ? { color: v.color } : {}), ...(v.offered === false ? { offered: false as const } : {}) };
      if (Object.values(values).filter((x) => x.name === v.name).length > 1)
        problems.push(`${keyPosition(src, ["mappings", name, "values", code])}: at /mappings/${name}/values/${code}: name "${v.name}" is given to another value of "${name}" too`);
    }
    out[name] = {
      description: m.description,
      valueType: m.valueType ?? "integer",
      values,
      ...(m.otherwise !== undefined ? { otherwise: m.otherwise } : {}),
      usage: m.usage ?? "field",
    };
  }
  return out;
}

function lastStaticSegment(path: string): string {
  const parts = path.split("/").filter((p) => p && !p.startsWith(":"));
  return parts[parts.length - 1] ?? "home";
}

export function buildModel(sources: Sources): Model {
  const problems: string[] = [];
  const g = sources.globals;
  const rules = buildRules(g.rules.data.rules);
  const mappingDefs: MappingSource[] = [g.mappings, ...sources.modules].flatMap((src) => Object.entries((src.data.mappings ?? {}) as Record<string, Yaml>).map(([name, raw]) => ({ src, name, raw })));
  const mappings = buildMappings(mappingDefs, problems);
  // An error's number is how the web app and the error-code table tell it apart: one number, one error.
  const byNumber = new Map<number, string>();
  for (const [name, def] of Object.entries(g.errors.data.codes as Record<string, ErrorCodeDef>)) {
    const other = byNumber.get(def.code);
    if (other) problems.push(`${keyPosition(g.errors, ["codes", name])}: at /codes/${name}: code ${def.code} is ${other}'s too`);
    else byNumber.set(def.code, name);
  }
  const routes: RouteDef[] = [];
  const resources: ResourceDef[] = [];
  const modules: Model["modules"] = [];
  // Where each route and resource was written, for the positions of the problems found later.
  const routeAt = new Map<RouteDef, { src: SourceFile<Yaml>; path: YamlPath }>();
  const resourceAt = new Map<ResourceDef, { src: SourceFile<Yaml>; path: YamlPath }>();
  const routeWhere = (rt: RouteDef, key?: string) => {
    const { src, path } = routeAt.get(rt)!;
    return position(src, key ? [...path, key] : path);
  };
  const resourceWhere = (r: ResourceDef, ...sub: YamlPath) => {
    const { src, path } = resourceAt.get(r)!;
    return position(src, [...path, ...sub]);
  };

  for (const src of sources.modules) {
    const m = src.data;
    const expected = src.file.replace(/^.*\//, "").replace(/\.yaml$/, "");
    if (m.module !== expected) problems.push(`${position(src, ["module"])}: at /module: must equal the file name "${expected}"`);
    modules.push({
      module: m.module,
      title: m.title,
      icon: m.icon,
      order: m.order ?? 1000,
      tenantMenu: m.tenantMenu ?? false,
      inMenu: m.inMenu ?? true,
      file: src.file,
    });
    const addRoute = (r: Yaml, where: YamlPath, parent?: RouteDef) => {
      const route: RouteDef = {
        path: r.path,
        name: r.name ?? lastStaticSegment(r.path),
        module: m.module,
        ...((r.code ?? parent?.code) ? { code: r.code ?? parent?.code } : {}),
        ...((r.authority ?? parent?.authority) ? { authority: r.authority ?? parent?.authority } : {}),
        public: r.public ?? false,
        title: r.title,
        breadcrumb: r.breadcrumb ?? [m.title, r.title],
        ...(r.editBreadcrumb ? { editBreadcrumb: r.editBreadcrumb } : {}),
        ...(r.lc ? { lc: r.lc } : {}),
        ...(r.icon ? { icon: r.icon } : {}),
        ...(r.resource ? { resource: r.resource } : {}),
        ...(r.page ? { page: r.page } : {}),
        ...(r.query ? { query: r.query } : {}),
        inMenu: r.inMenu ?? (!parent && !r.variantOf && !r.outsideFrame && !r.demo),
        outsideFrame: r.outsideFrame ?? false,
        hideTabs: r.hideTabs ?? r.outsideFrame ?? false,
        tenantMenu: r.tenantMenu ?? m.tenantMenu ?? false,
        iframe: r.iframe ?? false,
        offline: r.offline ?? false,
        demo: r.demo ?? false,
        ...(r.variantOf ? { variantOf: r.variantOf } : {}),
        ...(parent ? { parent: parent.path } : {}),
        ...(r.external ? { external: r.external } : {}),
      };
      routes.push(route);
      routeAt.set(route, { src, path: where });
      (r.children ?? []).forEach((c: Yaml, i: number) => addRoute(c, [...where, "children", i], route));
    };
    (m.routes ?? []).forEach((r: Yaml, i: number) => addRoute(r, ["routes", i]));

    (m.resources ?? []).forEach((r: Yaml, i: number) => {
      const where = (...sub: YamlPath) => `${position(src, ["resources", i, ...sub])}: at /${["resources", i, ...sub].join("/")}`;
      const fields: FieldDef[] = (r.fields as Yaml[]).map((f) => {
        const hidden = f.type === "secret";
        const field: FieldDef = {
          name: f.name,
          column: f.column ?? snake(f.name),
          type: f.type,
          label: f.label,
          required: f.required ?? false,
          ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}),
          ...(f.precision ? { precision: f.precision } : f.type === "decimal" ? { precision: [12, 2] as [number, number] } : {}),
          ...(f.default !== undefined ? { default: f.default } : {}),
          ...(f.rule ? { rule: f.rule } : {}),
          ...(f.ruleParams ? { ruleParams: f.ruleParams } : {}),
          ...(f.mapping ? { mapping: f.mapping } : {}),
          ...(f.mask ? { mask: f.mask } : {}),
          ...(f.ref
            ? {
                ref: {
                  resource: f.ref.resource,
                  labelField: f.ref.labelField ?? "name",
                  ...(f.ref.dependsOn ? { dependsOn: f.ref.dependsOn } : {}),
                  ...(f.ref.where ? { where: f.ref.where } : {}),
                },
              }
            : {}),
          list: !hidden && (f.list ?? false),
          filter: !hidden && (f.filter ?? false),
          search: !hidden && (f.search ?? false),
          sort: !hidden && (f.sort ?? false),
          // secret fields are write-only: on a form only when the module says so, never returned.
          form: hidden || f.composedOf ? (f.form ?? false) : (f.form ?? true),
          detail: !hidden && (f.detail ?? true),
          readOnly: f.readOnly ?? !!f.composedOf,
          ...(f.composedOf ? { composedOf: f.composedOf } : {}),
          ...(f.placeholder ? { placeholder: f.placeholder } : {}),
          ...(f.widget ? { widget: f.widget } : {}),
          ...(f.revealedOnCreate ? { revealedOnCreate: true } : {}),
          ...(f.usedWhen ? { usedWhen: f.usedWhen } : {}),
        };
        return field;
      });
      const names = new Set<string>();
      fields.forEach((f, j) => {
        if (names.has(f.name)) problems.push(`${where("fields", j)}: duplicate field "${f.name}"`);
        names.add(f.name);
        if (r.scope === "community" && f.name === "communityId") problems.push(`${where("fields", j)}: communityId is implied by scope community`);
      });
      const scopeBy = fields.find((f) => f.name === r.scopeField);
      const namesCommunity = scopeBy?.type === "integer" || (scopeBy?.type === "ref" && scopeBy.ref?.resource === "communities");
      if (r.scopeField && (r.scope !== "tenant" || !namesCommunity)) problems.push(`${where("scopeField")}: scopeField names an integer field (or a reference to communities) of a tenant resource`);
      const sort = r.defaultSort ?? "-id";
      const resource: ResourceDef = {
        name: r.name,
        service: r.service,
        module: m.module,
        label: r.label,
        ...(r.description ? { description: r.description } : {}),
        table: snake(r.name),
        scope: r.scope,
        ...(r.scopeField ? { scopeField: r.scopeField } : {}),
        code: r.code ?? "",
        readOnly: r.readOnly ?? false,
        defaultSort: { field: sort.replace(/^-/, ""), order: sort.startsWith("-") ? "desc" : "asc" },
        titleField: r.titleField ?? fields[0].name,
        unique: r.unique ?? [],
        fields,
        ...(r.actions ? { actions: buildActions(r.actions) } : {}),
        ...(r.importable ? { importable: true } : {}),
        ...(r.ingest ? { ingest: true } : {}),
        ...(r.referenceChecks === "statement" ? { referenceChecks: "statement" as const } : {}),
        ...(r.updatedInBulk ? { updatedInBulk: r.updatedInBulk } : {}),
        ...(r.keptRows ? { keptRows: r.keptRows } : {}),
        ...(r.createOnly ? { createOnly: true } : {}),
        ...(r.afterCreate ? { afterCreate: { field: r.afterCreate.field, route: r.afterCreate.route, label: r.afterCreate.label } } : {}),
        ...(r.related ? { related: (r.related as Yaml[]).map((x) => ({ resource: x.resource, field: x.field, title: x.title ?? "" })) } : {}),
      };
      resources.push(resource);
      resourceAt.set(resource, { src, path: ["resources", i] });
    });
  }

  // A route a page offers after a write (afterCreate, an action's opens) is a route of the menu, opened with a ref field's id.
  for (const r of resources) {
    const offers: [string, OpensRoute][] = [
      ...(r.afterCreate ? [["afterCreate", r.afterCreate] as [string, OpensRoute]] : []),
      ...(r.actions?.list ?? []).flatMap((a) => (a.opens ? [[`action "${a.name}" opens`, a.opens] as [string, OpensRoute]] : [])),
    ];
    for (const [what, o] of offers) {
      const at = `${resourceWhere(r)}: resource "${r.name}" ${what}`;
      if (!routes.some((rt) => rt.path === o.route)) problems.push(`${at}: route "${o.route}" is not a route`);
      if (what === "afterCreate" && r.fields.find((f) => f.name === o.field)?.type !== "ref") problems.push(`${at}: field "${o.field}" must be a ref field`);
    }
  }

  // Variants share the code of the route they are a variant of.
  for (const rt of routes) {
    const target = rt.variantOf ? routes.find((x) => x.path === rt.variantOf) : undefined;
    if (rt.variantOf && !target) problems.push(`${routeWhere(rt, "variantOf")}: route ${rt.path}: variantOf "${rt.variantOf}" is not a route`);
    if (target && !rt.code && !rt.authority) {
      if (target.code) rt.code = target.code;
      else if (target.authority) rt.authority = target.authority;
    }
  }
  // A resource's API authority and page: the first (non-variant) route that shows it.
  for (const r of resources) {
    const firstRoute = routes.find((rt) => rt.resource === r.name && !rt.variantOf);
    if (firstRoute) r.routePath = firstRoute.path;
    if (!r.code) r.code = firstRoute?.code ?? firstRoute?.authority ?? "";
    if (!r.code) problems.push(`${resourceWhere(r)}: resource "${r.name}" has no code and no route with a code shows it`);
  }
  // References codegen needs to build anything at all.
  const resourceNames = new Map<string, ResourceDef>();
  for (const r of resources) {
    const first = resourceNames.get(r.name);
    if (first) problems.push(`${resourceWhere(r, "name")}: resource "${r.name}" is defined twice (${r.module} here, ${first.module} at ${resourceWhere(first, "name")})`);
    resourceNames.set(r.name, r);
  }
  for (const r of resources) {
    const index = resourceAt.get(r)!.path[1];
    r.fields.forEach((f, j) => {
      const where = (key?: string) => `${resourceWhere(r, "fields", j, ...(key ? [key] : []))}: at /resources/${index}/fields/${j} (resource "${r.name}" field "${f.name}")`;
      if (f.rule && !rules[f.rule]) problems.push(`${where("rule")}: unknown rule "${f.rule}"`);
      if (f.mapping && !mappings[f.mapping]) problems.push(`${where("mapping")}: unknown mapping "${f.mapping}"`);
      if (f.ref) {
        const target = resourceNames.get(f.ref.resource);
        if (!target) problems.push(`${where("ref")}: unknown resource "${f.ref.resource}"`);
        else if (f.ref.labelField !== "id" && !target.fields.some((tf) => tf.name === f.ref!.labelField)) {
          problems.push(`${where("ref")}: resource "${f.ref.resource}" has no field "${f.ref.labelField}"`);
        }
        if (f.type !== "ref") problems.push(`${where("type")}: a field with ref must have type ref`);
        const parent = f.ref.dependsOn;
        if (parent && (r.fields.find((x) => x.name === parent)?.type !== "ref" || !target?.fields.some((tf) => tf.name === parent && tf.type === "ref")))
          problems.push(`${where("ref")}: dependsOn "${parent}" must be a ref field of "${r.name}" and of "${f.ref.resource}"`);
        for (const [name, value] of Object.entries(f.ref.where ?? {})) {
          const tf = target?.fields.find((x) => x.name === name);
          if (!tf || !tf.filter || tf.type === "secret" || tf.type === "json") problems.push(`${where("ref")}: where "${name}" must be a filterable field of "${f.ref.resource}"`);
          else if (tf.mapping && mappings[tf.mapping] && !(String(value) in mappings[tf.mapping].values))
            problems.push(`${where("ref")}: where ${name} = ${String(value)} is no code of mapping "${tf.mapping}"`);
        }
      } else if (f.type === "ref") problems.push(`${where("type")}: type ref needs ref.resource`);
      for (const p of Object.keys(f.ruleParams ?? {})) {
        if (f.rule && rules[f.rule] && !(p in rules[f.rule].params)) problems.push(`${where("ruleParams")}: rule "${f.rule}" has no parameter "${p}"`);
      }
    });
    const fieldNames = new Set(["id", "createdAt", "updatedAt", ...(r.scope === "community" ? ["communityId"] : []), ...r.fields.map((f) => f.name)]);
    if (!fieldNames.has(r.defaultSort.field)) problems.push(`${resourceWhere(r, "defaultSort")}: resource "${r.name}": defaultSort field "${r.defaultSort.field}" does not exist`);
    if (!fieldNames.has(r.titleField)) problems.push(`${resourceWhere(r, "titleField")}: resource "${r.name}": titleField "${r.titleField}" does not exist`);
    for (const u of r.unique) for (const f of u) if (!fieldNames.has(f)) problems.push(`${resourceWhere(r, "unique")}: resource "${r.name}": unique field "${f}" does not exist`);
    for (const f of r.updatedInBulk ?? []) {
      const problem = !fieldNames.has(f)
        ? "does not exist"
        : r.defaultSort.field === f || r.unique.some((u) => u.includes(f))
          ? "is the default sort or part of a unique key, which needs its index"
          : null;
      if (problem) problems.push(`${resourceWhere(r, "updatedInBulk")}: resource "${r.name}": updatedInBulk field "${f}" ${problem}`);
    }
    r.related?.forEach((rel, j) => {
      const other = resourceNames.get(rel.resource);
      const ref = other?.fields.find((f) => f.name === rel.field);
      if (!other || ref?.ref?.resource !== r.name || !ref.filter)
        problems.push(`${resourceWhere(r, "related", j)}: resource "${r.name}": related ${rel.resource}.${rel.field} must be a filterable ref of "${rel.resource}" to "${r.name}"`);
      else Object.assign(rel, { title: rel.title || other.label, ...(other.code ? { code: other.code } : {}) });
    });
    if (r.actions) problems.push(...actionProblems(r, mappings).map(([path, p]) => `${resourceWhere(r, "actions", ...path)}: resource "${r.name}": ${p}`));
    for (const [j, f] of r.fields.entries()) {
      for (const part of f.composedOf ?? []) {
        const of = r.fields.find((x) => x.name === part);
        if (!of || of.composedOf || of.type === "secret" || of.type === "json")
          problems.push(`${resourceWhere(r, "fields", j, "composedOf")}: resource "${r.name}" field "${f.name}": part "${part}" is not a plain field of the resource`);
      }
      if (f.composedOf && (f.type !== "string" || f.form || !f.readOnly))
        problems.push(`${resourceWhere(r, "fields", j, "composedOf")}: resource "${r.name}" field "${f.name}": a composed field is a read-only string off the form`);
      if (f.usedWhen) problems.push(...usedWhenProblems(r, f, mappings).map((p) => `${resourceWhere(r, "fields", j, "usedWhen")}: resource "${r.name}" field "${f.name}": ${p}`));
      if (f.revealedOnCreate && f.type !== "secret") problems.push(`${resourceWhere(r, "fields", j, "revealedOnCreate")}: resource "${r.name}" field "${f.name}": revealedOnCreate needs type secret`);
      if (f.widget && f.type !== "json") problems.push(`${resourceWhere(r, "fields", j, "widget")}: resource "${r.name}" field "${f.name}": widget ${f.widget} needs type json`);
    }
  }
  for (const rt of routes) {
    if (rt.resource && !resourceNames.has(rt.resource)) problems.push(`${routeWhere(rt, "resource")}: route ${rt.path}: unknown resource "${rt.resource}"`);
  }
  const seenPaths = new Map<string, RouteDef>();
  for (const rt of routes) {
    const first = seenPaths.get(rt.path);
    if (first) problems.push(`${routeWhere(rt, "path")}: route ${rt.path} is defined twice (first at ${routeWhere(first, "path")})`);
    else seenPaths.set(rt.path, rt);
  }
  problems.push(...duplicateCodeProblems(routes, g.permissions, routeWhere));
  if (problems.length) throw new SchemaError(problems);
  const stateActions = splitStateActions(resources);

  modules.sort((a, b) => a.order - b.order || a.module.localeCompare(b.module));
  const menu: MenuNode[] = modules
    .filter((m) => m.inMenu)
    .map((m) => ({
      index: m.module,
      alias: m.title,
      ...(m.icon ? { icon: m.icon } : {}),
      isTenantMenu: m.tenantMenu,
      subMenus: routes.filter((rt) => rt.module === m.module && rt.inMenu && !rt.parent).map((rt) => menuNodeOf(rt, routes)),
    }))
    .filter((m) => m.subMenus.length > 0);

  return {
    modules,
    routes,
    menu,
    resources,
    rules,
    upload: g.rules.data.upload,
    mappings,
    permissionGroups: g.permissions.data.groups,
    allowedDuplicateRouteCodes: g.permissions.data.allowedDuplicateRouteCodes,
    errorMessages: g.errors.data.messages,
    errorCodes: g.errors.data.codes,
    constants: g.constants.data.constants,
    texts: g.texts.data.texts,
    stateActions,
  };
}

/**
 * A permission code means one thing: two top-level routes (not children, not variants) with one code
 * must be listed together in permissions.yaml allowedDuplicateRouteCodes (the spec's own shared codes),
 * and a code given by a route and listed in a permission group must carry the same name there.
 */
function duplicateCodeProblems(routes: RouteDef[], permissions: SourceFile<Yaml>, routeWhere: (rt: RouteDef, key?: string) => string): string[] {
  const problems: string[] = [];
  const allowed: Record<string, string[]> = permissions.data.allowedDuplicateRouteCodes ?? {};
  const byCode = new Map<string, RouteDef[]>();
  for (const rt of routes) {
    if (!rt.code || rt.parent || rt.variantOf) continue;
    byCode.set(rt.code, [...(byCode.get(rt.code) ?? []), rt]);
  }
  for (const [code, same] of byCode) {
    if (same.length < 2) continue;
    const paths = same.map((rt) => rt.path);
    if ([...paths].sort().join() === [...(allowed[code] ?? [])].sort().join()) continue;
    const [first, ...others] = same;
    for (const rt of others) {
      problems.push(
        `${routeWhere(rt, "code")}: route ${rt.path}: code ${code} is already given to ${first.path} (${routeWhere(first, "code")}); ` +
          `give this route a code of its own, or list both paths under allowedDuplicateRouteCodes in schemas/permissions.yaml when the spec shares the code`,
      );
    }
  }
  for (const [group, g] of Object.entries((permissions.data.groups ?? {}) as Record<string, { codes: Record<string, string> }>)) {
    for (const [code, name] of Object.entries(g.codes)) {
      const rt = byCode.get(code)?.[0];
      if (rt && rt.title !== name) {
        problems.push(
          `${position(permissions, ["groups", group, "codes", code])}: permission ${code} "${name}" is also the code of route ${rt.path} "${rt.title}" (${routeWhere(rt, "code")}); one code, one meaning`,
        );
      }
    }
  }
  return problems;
}

function buildActions(raw: Yaml): NonNullable<ResourceDef["actions"]> {
  return {
    stateField: raw.stateField,
    ...(raw.historyField ? { historyField: raw.historyField } : {}),
    list: (raw.list as Yaml[]).map((a): ActionDef => ({
      name: a.name,
      label: a.label,
      from: (a.from as (string | number)[]).map(String),
      to: String(a.to),
      inputs: a.inputs ?? [],
      required: a.required ?? [],
      ...(a.byField ? { byField: a.byField } : {}),
      ...(a.authority ? { authority: a.authority } : {}),
      ...(a.atField ? { atField: a.atField } : {}),
      ...(a.confirm ? { confirm: a.confirm } : {}),
      ...(a.done ? { done: a.done } : {}),
      ...(a.shows ? { shows: a.shows } : {}),
      ...(a.opens ? { opens: { field: a.opens.field, route: a.opens.route, label: a.opens.label } } : {}),
      ...(a.remainder ? { remainder: a.remainder } : {}),
      danger: a.danger ?? false,
      ...(a.operationId ? { operationId: a.operationId } : {}),
      ...(a.operation ? { operation: a.operation } : {}),
      ...(a.bulk ? { bulk: true } : {}),
    })),
  };
}

/**
 * Every resource's declared actions (for generated/actions.ts), and each resource left with its
 * generic ones: an action a hand-written operation performs gets no generic route, OpenAPI entry or
 * row button (a resource whose actions all have an operation keeps no `actions`).
 */
function splitStateActions(resources: ResourceDef[]): Record<string, ResourceActions> {
  const out: Record<string, ResourceActions> = {};
  for (const r of resources) {
    if (!r.actions) continue;
    out[r.name] = r.actions;
    const generic = r.actions.list.filter((a) => !a.operation);
    if (generic.length) r.actions = { ...r.actions, list: generic };
    else delete r.actions;
  }
  return out;
}

/**
 * What codegen can check of a resource's actions: the fields they name, and the states in the
 * mapping. Each problem comes with its path inside the resource's `actions`.
 */
function actionProblems(r: ResourceDef, mappings: Record<string, MappingDef>): [YamlPath, string][] {
  const out: [YamlPath, string][] = [];
  const actions = r.actions!;
  const field = (name: string) => r.fields.find((f) => f.name === name);
  const state = field(actions.stateField);
  if (!state) return [[["stateField"], `actions.stateField "${actions.stateField}" does not exist`]];
  const mapping = state.mapping ? mappings[state.mapping] : undefined;
  if (!mapping) out.push([["stateField"], `actions.stateField "${actions.stateField}" has no mapping`]);
  if (actions.historyField && field(actions.historyField)?.type !== "json") out.push([["historyField"], `actions.historyField "${actions.historyField}" must be a json field`]);
  const names = new Set<string>();
  for (const [k, a] of actions.list.entries()) {
    const at = (...sub: YamlPath): YamlPath => ["list", k, ...sub];
    if (names.has(a.name)) out.push([at("name"), `action "${a.name}" is defined twice`]);
    names.add(a.name);
    a.from.forEach((s, j) => {
      if (mapping && !(s in mapping.values)) out.push([at("from", j), `action "${a.name}": state ${s} is not a value of mapping ${state.mapping}`]);
    });
    if (mapping && !(a.to in mapping.values)) out.push([at("to"), `action "${a.name}": state ${a.to} is not a value of mapping ${state.mapping}`]);
    a.inputs.forEach((i, j) => {
      if (!field(i)) out.push([at("inputs", j), `action "${a.name}": input "${i}" does not exist`]);
    });
    a.required.forEach((i, j) => {
      if (!a.inputs.includes(i)) out.push([at("required", j), `action "${a.name}": required "${i}" is not one of its inputs`]);
    });
    if (a.inputs.includes(actions.stateField)) out.push([at("inputs"), `action "${a.name}": the state field cannot be an input`]);
    if (a.byField && field(a.byField)?.type !== "ref") out.push([at("byField"), `action "${a.name}": byField "${a.byField}" must be a ref field`]);
    if (a.atField && field(a.atField)?.type !== "datetime") out.push([at("atField"), `action "${a.name}": atField "${a.atField}" must be a datetime field`]);
    if (a.bulk && !a.operation) out.push([at("bulk"), `action "${a.name}": bulk needs the operation that performs it`]);
    (a.shows ?? []).forEach((s, j) => {
      if (!field(s)) out.push([at("shows", j), `action "${a.name}": shown field "${s}" does not exist`]);
    });
    if (a.opens && field(a.opens.field)?.type !== "ref") out.push([at("opens"), `action "${a.name}": opens.field "${a.opens.field}" must be a ref field`]);
    if (a.remainder && (field(a.remainder.of)?.type !== "money" || field(a.remainder.less)?.type !== "money" || !a.inputs.includes(a.remainder.less)))
      out.push([at("remainder"), `action "${a.name}": remainder needs a money field "of" and a money input "less"`]);
  }
  return out;
}

/**
 * What codegen can check of a field's usedWhen: the field it depends on is a mapping, integer or
 * boolean field of the resource that is always used, the values are of its type (codes of its
 * mapping), and the field itself is optional (the server clears it where it is not used).
 */
function usedWhenProblems(r: ResourceDef, f: FieldDef, mappings: Record<string, MappingDef>): string[] {
  const out: string[] = [];
  const when = f.usedWhen!;
  const on = r.fields.find((x) => x.name === when.field);
  if (!on || on === f || on.usedWhen || !(on.mapping || on.type === "integer" || on.type === "boolean"))
    return [`usedWhen.field "${when.field}" must be another mapping, integer or boolean field of the resource, without usedWhen of its own`];
  const mapping = on.mapping ? mappings[on.mapping] : undefined;
  for (const v of when.in) {
    const fits = mapping ? String(v) in mapping.values : on.type === "boolean" ? typeof v === "boolean" : Number.isInteger(v);
    if (!fits) out.push(`usedWhen.in: ${String(v)} is no value of "${when.field}"${mapping ? ` (mapping ${on.mapping})` : ""}`);
  }
  if (f.required || f.readOnly) out.push("a field with usedWhen is neither required (give usedWhen.required) nor readOnly");
  if (when.requiredMessage && !when.required) out.push("usedWhen.requiredMessage needs usedWhen.required");
  return out;
}

function menuNodeOf(rt: RouteDef, routes: RouteDef[]): MenuNode {
  const segments = rt.path.split("/").filter(Boolean);
  return {
    index: segments.slice(1).join("/") || segments[0],
    ...((rt.code ?? rt.authority) ? { code: rt.code ?? rt.authority } : {}),
    alias: rt.title,
    ...(rt.icon ? { icon: rt.icon } : {}),
    path: rt.path,
    ...(rt.external ? { applicationUrl: rt.external.url ?? "", systemMenu: rt.external.kind } : {}),
    isTenantMenu: rt.tenantMenu,
    subMenus: routes.filter((c) => c.parent === rt.path && c.inMenu).map((c) => menuNodeOf(c, routes)),
  };
}
