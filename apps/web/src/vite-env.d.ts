/// <reference types="vite/client" />

// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- extends Vite's ImportMetaEnv by declaration merging
interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_IMAGE_BASE_URL?: string;
}
