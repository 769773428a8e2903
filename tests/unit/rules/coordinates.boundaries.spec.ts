// Spec §5 longitude (0-180) and latitude (0-90) with up to 6 decimals, at and across each boundary.
import { coordinateCases } from "./cases/coordinates.ts";
import { proveRules } from "./support/prove-rules.ts";

proveRules(coordinateCases);
