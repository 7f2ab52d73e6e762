// React Router encodes URLs with TextEncoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom implements no scrolling; ScrollRestoration calls it on every navigation.
globalThis.scrollTo = () => undefined;
