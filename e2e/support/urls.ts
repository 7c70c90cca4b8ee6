/** Where the product under test listens (see playwright.config.ts); apart from `npm start`'s 3000/3001. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3300);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 3301);
export const SERVER_URL = `http://127.0.0.1:${E2E_PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;
/** Where the server under test writes its demo back-office operators (one per role, random passwords). */
export const E2E_OPERATORS_FILE = `${process.env.TMPDIR ?? '/tmp'}/mekong-e2e-operators-${E2E_PORT}.json`;
/** The authenticator secrets the tests enrolled, shared by the workers (and the lock that guards it). */
export const E2E_OPERATOR_SECRETS_FILE = `${process.env.TMPDIR ?? '/tmp'}/mekong-e2e-operator-secrets-${E2E_PORT}.json`;
