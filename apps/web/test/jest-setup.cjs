// React Router encodes URLs with TextEncoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom implements no scrolling; ScrollRestoration calls it on every navigation.
globalThis.scrollTo = () => undefined;

/* global HTMLDialogElement, Event, document -- jsdom globals: this file runs inside the test environment. */
// jsdom has <dialog> without its modal methods. This stands in for what the browser does that the app
// relies on: showModal() and show() open it, close() closes it, and Escape sends the open dialog a cancelable `cancel`.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal() {
    this.open = true;
  };
  // Opens it without the modal behaviour (no inert page, no focus trap): what the app must not use.
  HTMLDialogElement.prototype.show = function show() {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close() {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dialog = [...document.querySelectorAll('dialog[open]')].pop();
    if (dialog && dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  });
}
