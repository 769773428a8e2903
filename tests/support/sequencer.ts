// The order in which `vitest run` hands test files to its workers (all projects share them): the
// longest first, so that no long file starts last while the other worker has nothing left to do.
// Browser files first (each runs for minutes; the shards of the walk over every route and the full
// payment journey the longest of them), then API files, then unit files; within a level, vitest's own order (failed
// first, then longest by the last run's times when it has them, otherwise largest).
import { BaseSequencer, type TestSpecification } from "vitest/node";

const PROJECTS = ["e2e", "api", "unit"];
const LONGEST_BROWSER_FILES = [/\/every-route\.\d+-of-\d+\.spec\.ts$/, /\/payment\.full-journey\.spec\.ts$/];

const rank = (spec: TestSpecification) => {
  const project = PROJECTS.indexOf(spec.project.name);
  const longest = LONGEST_BROWSER_FILES.some((re) => re.test(spec.moduleId)) ? 0 : 1;
  return (project < 0 ? PROJECTS.length : project) * 2 + longest;
};

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
