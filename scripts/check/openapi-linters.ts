// npm run lint:openapi: the API document as two linters nobody here wrote read it. Redocly CLI (its
// recommended rules, redocly.yaml) and Spectral (spectral:oas, .spectral.yaml) must each report no
// error and at most MAX_WARNINGS warnings on generated/openapi.json; every finding is printed.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const DOCUMENT = "generated/openapi.json";
const MAX_WARNINGS = 50;

interface Finding {
  linter: string;
  severity: "error" | "warning";
  rule: string;
  where: string;
  message: string;
}

/** A linter's JSON on stdout: both exit 1 when they find an error, and still print their findings. */
async function run(bin: string, args: string[]): Promise<string> {
  try {
    // Offline and quiet: no usage reports, no update notice.
    const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
    return (await promisify(execFile)(bin, args, { encoding: "utf8", env, maxBuffer: 256 * 1024 * 1024 })).stdout;
  } catch (err) {
    const out = (err as { stdout?: string }).stdout;
    if (out) return out;
    throw err;
  }
}

async function redocly(): Promise<Finding[]> {
  const report = JSON.parse(await run("redocly", ["lint", DOCUMENT, "--format=json", "--max-problems=10000"])) as {
    problems: { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] }[];
  };
  return report.problems.map((p) => ({ linter: "redocly", severity: p.severity === "error" ? "error" : "warning", rule: p.ruleId, where: p.location?.[0]?.pointer ?? "", message: p.message }));
}

async function spectral(): Promise<Finding[]> {
  const text = await run("spectral", ["lint", DOCUMENT, "--format=json", "--quiet"]);
  const report = JSON.parse(text.slice(text.indexOf("["))) as { code: string; severity: number; message: string; path: string[] }[];
  return report.filter((p) => p.severity <= 1).map((p) => ({ linter: "spectral", severity: p.severity === 0 ? "error" : "warning", rule: p.code, where: p.path.join("/"), message: p.message }));
}

// The two read the document side by side (each is one Node process on one core).
const [redoclyFindings, spectralFindings] = await Promise.all([redocly(), spectral()]);
let failed = false;
for (const [linter, findings] of [
  ["redocly", redoclyFindings],
  ["spectral", spectralFindings],
] as const) {
  for (const f of findings) console.log(`${f.linter} ${f.severity} ${f.rule} ${f.where}: ${f.message}`);
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  console.log(`${linter}: ${errors} errors, ${warnings} warnings`);
  if (errors > 0 || warnings > MAX_WARNINGS) failed = true;
}
if (failed) {
  console.error(`the API document fails its linters (allowed: no error, at most ${MAX_WARNINGS} warnings each)`);
  process.exit(1);
}
console.log("API document: Redocly (recommended) and Spectral (spectral:oas) within limits");
