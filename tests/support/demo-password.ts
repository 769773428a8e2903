// The demo users' password in every test that starts the server (its demoPassword option, or
// NEPTUNE_DEMO_PASSWORD for a spawned product): one for all, so the API and browser suites start from
// the same seeded data folder (tests/support/templates.ts).
export const DEMO_PASSWORD = "Demo-Test-2024";
