// jsdom lacks fetch. Hand the test window Node's fetch family, and Node's AbortController with it:
// Node's Request rejects jsdom's AbortSignal, and React Router builds a Request for every navigation.
// FormData stays jsdom's: React builds one from a <form> element on submit, which Node's cannot take.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
