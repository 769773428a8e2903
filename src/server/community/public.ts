// What other domains may use of the community domain: the user's recent communities, which the
// homepage lists.
export { recentCommunities } from "./recent-communities.ts";
