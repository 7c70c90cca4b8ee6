/**
 * The operator's session token lives in sessionStorage: it dies with the tab, is never shared with the member app's
 * storage, and a closed browser signs the operator out (docs/decisions/0014-back-office.md#sessions).
 */
const TOKEN_KEY = 'mekong-backoffice-token';

export function getToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}
