// The demo users' password in the browser tests (the server's NEPTUNE_DEMO_PASSWORD).
export const DEMO_PASSWORD = "E2e-demo-pass-2026";
