// A fee formula's tree (src/common/payment/formula) compiled to SQL numeric, for set-based bill
// generation: the SQL twin of evaluate.ts. Every node is a fraction (numerator, denominator) of
// numerics — + − × on numeric are exact, and a division only multiplies denominators — so nothing is
// cut to a scale before the last step, which rounds numerator / denominator half up to the fen with
// div() (exact integer division), as the TypeScript does with bigints. Each binary node is one LATERAL
// step of a scalar subquery, so the text grows with the tree, not with its depth's powers.
// A division by zero makes the denominator 0 and the amount null (the room is skipped and counted,
// never billed 0); so do a missing value and a negative amount. Numbers are parameters.
import type { Expr } from "../../common/payment/formula/index.ts";
import type { VariableName } from "../../common/payment/formula/variables.ts";
import { empty, join, raw, sql, type Sql } from "../platform/db/sql.ts";

interface Pair {
  n: Sql;
  d: Sql;
}

/**
 * The amount in fen (bigint, rounded half up; null when it cannot be computed or is negative) of the
 * tree, each variable's value being the numeric expression `valueOf` gives (may refer to the outer query).
 */
export function formulaFenSql(e: Expr, valueOf: (name: VariableName) => Sql): Sql {
  const steps: Sql[] = [];
  const pair = (x: Expr): Pair => {
    switch (x.kind) {
      case "number":
        return { n: sql`${x.value}::numeric`, d: sql`1::numeric` };
      case "variable":
        return { n: sql`(${valueOf(x.name)})::numeric`, d: sql`1::numeric` };
      case "negate": {
        const a = pair(x.arg);
        return { n: sql`(-(${a.n}))`, d: a.d };
      }
      case "binary": {
        const a = pair(x.left);
        const b = pair(x.right);
        let n: Sql;
        let d: Sql;
        switch (x.op) {
          case "+":
            n = sql`(${a.n}) * (${b.d}) + (${b.n}) * (${a.d})`;
            d = sql`(${a.d}) * (${b.d})`;
            break;
          case "-":
            n = sql`(${a.n}) * (${b.d}) - (${b.n}) * (${a.d})`;
            d = sql`(${a.d}) * (${b.d})`;
            break;
          case "*":
            n = sql`(${a.n}) * (${b.n})`;
            d = sql`(${a.d}) * (${b.d})`;
            break;
          case "/":
            // (a.n/a.d) ÷ (b.n/b.d) = a.n·b.d / a.d·b.n; a zero divisor (or one already undefined) gives d = 0.
            n = sql`(${a.n}) * (${b.d})`;
            d = sql`case when (${b.d}) = 0 then 0::numeric else (${a.d}) * (${b.n}) end`;
            break;
        }
        const alias = raw(`f${steps.length + 1}`);
        steps.push(sql`cross join lateral (select ${n} as n, ${d} as d) ${alias}`);
        return { n: sql`${alias}.n`, d: sql`${alias}.d` };
      }
    }
  };
  const top = pair(e);
  // Sign moved to the numerator; then fen = sign × floor((200·|n| + d) / 2d) = |n/d|·100 rounded half up.
  return sql`(select case when g.fen >= 0 then g.fen end
       from (select 1) f0 ${steps.length ? join(steps, " ") : empty}
       cross join lateral (select case when (${top.d}) = 0 then null::numeric else (${top.n}) * sign(${top.d}) end as n, abs(${top.d}) as d) h
       cross join lateral (select (sign(h.n) * div(200 * abs(h.n) + h.d, 2 * h.d))::bigint as fen) g)`;
}
