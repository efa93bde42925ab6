// Issue 27: the local OpenID Connect provider standing in for Google in e2e (google-sign-in.spec.ts starts and
// stops it). A fixed port, derived from E2E_PORT so that two engineers' runs side by side do not meet; the e2e
// server is configured for it from the start and asks it for anything only when someone clicks "Continue with
// Google".
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);
export const GOOGLE_MOCK_PORT = E2E_PORT + 10_000;
export const GOOGLE_MOCK_ISSUER = `http://127.0.0.1:${GOOGLE_MOCK_PORT}`;
export const GOOGLE_MOCK_CLIENT_ID = 'hirecast-e2e-client';
