/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

// Declaration merging with Vite's own ImportMetaEnv needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
interface ImportMetaEnv {
  /** `LA` builds the Laos edition (docs/design.md#member-app). */
  readonly VITE_COUNTRY?: string;
  /** Origin of the API when it is not the page's own origin. */
  readonly VITE_API_BASE_URL?: string;
  /** Five comma-separated embeddable video URLs for the howto page (wallet, play, balance, bonus, bonus cancel). */
  readonly VITE_HOWTO_VIDEO_URLS?: string;
  /** Shared secret the gift link is encrypted with (docs/design.md#deposits); the development default otherwise. */
  readonly VITE_TRUELINK_SECRET?: string;
}
