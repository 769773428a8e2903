// Shard 1 of 2 of the walk over every route (tests/e2e/support/route-walk.ts): each route works, shows
// its content within 5 s and has no serious or critical accessibility violation.
import { describeRouteWalkShard } from "./support/route-walk.ts";

describeRouteWalkShard(1, 2);
