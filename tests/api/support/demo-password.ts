// The demo users' password in API tests (the server's demoPassword option).
export const DEMO_PASSWORD = "Demo-Test-2024";
