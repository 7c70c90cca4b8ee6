import { readStorage, writeStorage } from '@/lib/storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** The hidden check of docs/spec.md §2: the agreement shows unless its current version was accepted on this device. */
export function shouldShowAgreement(acceptedVersion: string | null, currentVersion: string | undefined): boolean {
  return currentVersion !== undefined && currentVersion !== '' && acceptedVersion !== currentVersion;
}

export function readAcceptedAgreement(): string | null {
  return readStorage(STORAGE_KEYS.rememberAgreement);
}

export function rememberAgreement(version: string): void {
  writeStorage(STORAGE_KEYS.rememberAgreement, version);
}
