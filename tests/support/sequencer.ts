// The order in which `vitest run` hands test files to its workers (one per core; all projects share
// them). The unit files come first: they need none of the run's templates (the web build, the seeded
// databases: tests/support/templates.ts), so they run while those are made, where the other files would
// wait for them. Two browsers at once would take both cores, so:
// - the shards of the walk over every route, which time each navigation (content within 5 s), are
//   dealt out among the API files, never beside another browser file: shard 1 first, then half of
//   the API files (the other worker's work while shard 1 runs), shard 2 and the other half (the other
//   worker's work while shard 2 runs);
// - the other browser files (journeys, with no time limit of their own) last, the longest first (the
//   fresh-load walk, about a fifth of the browser files' time, leads), two at a time, so that the run
//   ends on short files whatever vitest's own order was.
// Within a group, vitest's own order (failed first, then longest by the last run's times when it has
// them, otherwise largest).
import { BaseSequencer, type TestSpecification } from "vitest/node";

const WALK_SHARD = /\/every-route\.\d+-of-\d+\.spec\.ts$/;
// The longest browser files, longest first (a whole run's file times, docs/benchmarks.md "Test suite time").
const LONGEST_JOURNEYS = [
  /\/routes\.fresh-loads\.spec\.ts$/,
  /\/shell\.guides-out-of-the-way\.spec\.ts$/,
  /\/parking\.paid-like-bills-journey\.spec\.ts$/,
  /\/payment\.fee-depth-journeys\.spec\.ts$/,
  /\/shell\.journey\.spec\.ts$/,
  /\/payment\.dialogs-phone-width\.spec\.ts$/,
  /\/payment\.full-journey\.spec\.ts$/,
];

const journeyRank = (spec: TestSpecification) => {
  const i = LONGEST_JOURNEYS.findIndex((re) => re.test(spec.moduleId));
  return i < 0 ? LONGEST_JOURNEYS.length : i;
};

export default class WalkBesideApiSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const of = (project: string) => sorted.filter((s) => s.project.name === project);
    const walk = of("e2e")
      .filter((s) => WALK_SHARD.test(s.moduleId))
      .sort((a, b) => a.moduleId.localeCompare(b.moduleId));
    const journeys = of("e2e")
      .filter((s) => !WALK_SHARD.test(s.moduleId))
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => journeyRank(a.spec) - journeyRank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
    const api = of("api");
    const rest = sorted.filter((s) => !["e2e", "api"].includes(s.project.name));
    // The API files cut into one part per shard.
    const parts = Math.max(1, walk.length);
    const size = Math.ceil(api.length / parts);
    const order: TestSpecification[] = [];
    for (let k = 0; k < parts; k++) {
      if (walk[k]) order.push(walk[k]);
      order.push(...api.slice(k * size, (k + 1) * size));
    }
    return [...rest, ...order, ...journeys];
  }
}
