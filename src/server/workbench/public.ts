// What other domains may use of the workbench: the cards' counting per mapping value, which the
// community profile and the device pages' statistics share.
export { countsByMapping } from "./workbench-stats.ts";
