/** Where the product under test listens (see playwright.config.ts); apart from `npm start`'s 3000/3001. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3300);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 3301);
export const SERVER_URL = `http://127.0.0.1:${E2E_PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;
