// The §5 rules as antd Form rules for hand-written forms (the fee pages, 修改密码), with the exact
// Chinese messages: the generated rule validators (generated/validators/rules.js, loaded once, in its own chunk) and, for a
// caller-given maximum (the pay amount), the rule's own "{max}" check from generated/rules.ts
// compared exactly in fen.
import type { RuleObject } from "antd/es/form";
import { rules } from "../../../generated/rules.ts";
import { fenToYuan, yuanToFen } from "../../common/money.ts";
import { fillParams } from "../../common/validation-run.ts";

type Check = (rule: string, value: unknown) => string | null;
let loading: Promise<Check> | null = null;

function loadRules(): Promise<Check> {
  loading ??= Promise.all([import("../../../generated/validators/rules.js"), import("../../common/validation-run.ts")]).then(([compiled, { runCompiled }]) => (rule: string, value: unknown) => {
    const v = compiled.validators[`rule_${rule}`];
    if (!v) throw new Error(`no rule ${rule}`);
    return runCompiled(v, value === undefined ? {} : { value })[0]?.message ?? null;
  });
  return loading;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** The rule's message for a value, or null. */
export async function ruleMessage(rule: string, value: unknown): Promise<string | null> {
  return (await loadRules())(rule, typeof value === "string" ? value.trim() : value);
}

/** An antd rule running a §5 rule; `required` gives the message for an empty value. */
export function ruleOf(rule: string, required?: string): RuleObject {
  return {
    async validator(_r, value) {
      if (blank(value)) {
        const own = rules[rule]?.requiredMessage ?? rules[rule]?.required;
        if (required || own) throw new Error(required ?? own);
        return;
      }
      const message = await ruleMessage(rule, value);
      if (message) throw new Error(message);
    },
  };
}

/** The pay-amount rule with the caller's maximum (fen): checkRuleWith("payAmount", v, {max}) of the server. */
export function payAmountRule(maxFen: number, rule = "payAmount"): RuleObject {
  return {
    async validator(_r, value) {
      const def = rules[rule];
      if (blank(value)) throw new Error(def.requiredMessage ?? def.required ?? "请输入金额！");
      const message = await ruleMessage(rule, value);
      if (message) throw new Error(message);
      const capped = def.checks.find((c) => c.value === "{max}");
      if (capped && yuanToFen(String(value).trim()) > maxFen) throw new Error(fillParams(capped.message, { max: fenToYuan(maxFen) }));
    },
  };
}
