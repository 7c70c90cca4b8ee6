export declare const INSTALLATION_SECRETS: Record<string, () => string>;
export declare function loadOrCreateSecrets(file: string): Record<string, string>;
