// Shard 2 of 2 of the accessibility walk over every route (tests/e2e/support/a11y-walk.ts).
import { describeA11yShard } from "./support/a11y-walk.ts";

describeA11yShard(2, 2);
