// The only reader of import.meta.env, which exists under Vite alone; jest maps this file to a stub.
export const viteEnv: ImportMetaEnv = import.meta.env;
