/**
 * The browser side of the fake: `window.Razorpay` with the Checkout API our web app uses (`new Razorpay(options)`,
 * `open`, `close`, `on('payment.failed')`, `handler`, `modal.ondismiss`). Plain ES2017 served as-is, so it avoids
 * template literals (this file holds it in one). It paints its own colours: host pages may be dark or light.
 */
export const CHECKOUT_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript ||
    Array.prototype.slice.call(document.querySelectorAll('script[src*="checkout.js"]')).pop();
  var ORIGIN = new URL(script.src, location.href).origin;
  var STYLE_ID = 'rzp-fake-style';
  var CSS = [
    '.rzpf-backdrop{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.72);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color-scheme:light}',
    '.rzpf-dialog{width:min(380px,calc(100vw - 24px));max-height:calc(100vh - 24px);overflow:auto;background:#fff;color:#1f2937;border-radius:12px;box-shadow:0 24px 64px rgba(0,0,0,.45);text-align:left}',
    '.rzpf-head{position:relative;padding:18px 20px 16px;background:var(--rzpf-theme);color:var(--rzpf-on-theme);border-radius:12px 12px 0 0}',
    '.rzpf-head h2{margin:0 40px 2px 0;font-size:18px;font-weight:700;color:inherit}',
    '.rzpf-amount{font-size:22px;font-weight:700;margin:6px 0 0}',
    '.rzpf-desc{margin:2px 0 0;opacity:.9}',
    '.rzpf-badge{display:inline-block;margin-top:8px;padding:1px 8px;border:1px solid #b45309;border-radius:999px;background:#fde68a;color:#78350f;font-size:11px;font-weight:800;letter-spacing:.06em}',
    '.rzpf-close{position:absolute;top:12px;right:12px;width:32px;height:32px;border:0;border-radius:8px;background:rgba(255,255,255,.18);color:inherit;font-size:18px;cursor:pointer}',
    '.rzpf-body{padding:16px 20px 20px}',
    '.rzpf-email{margin:0 0 12px;color:#4b5563}',
    '.rzpf-tabs{display:flex;gap:6px;margin-bottom:12px;border-bottom:1px solid #e5e7eb}',
    '.rzpf-tab{flex:1;padding:8px 0;border:0;border-bottom:3px solid transparent;background:none;color:#374151;font:inherit;font-weight:600;cursor:pointer}',
    '.rzpf-tab[aria-selected="true"]{border-bottom-color:var(--rzpf-theme);color:#111827}',
    '.rzpf-field{display:block;margin-bottom:10px;color:#374151;font-weight:600}',
    '.rzpf-field input{display:block;box-sizing:border-box;width:100%;margin-top:4px;padding:9px 10px;border:1px solid #d1d5db;border-radius:8px;background:#fff;color:#111827;font:inherit;font-weight:400}',
    '.rzpf-row{display:flex;gap:10px}.rzpf-row .rzpf-field{flex:1}',
    '.rzpf-actions{display:flex;gap:10px;margin-top:14px}',
    '.rzpf-pay,.rzpf-fail{flex:1;padding:11px 0;border-radius:8px;font:inherit;font-weight:700;cursor:pointer}',
    '.rzpf-pay{border:0;background:var(--rzpf-theme);color:var(--rzpf-on-theme)}',
    '.rzpf-fail{border:1px solid #d1d5db;background:#fff;color:#b91c1c}',
    '.rzpf-pay:disabled,.rzpf-fail:disabled{opacity:.6;cursor:progress}',
    '.rzpf-dialog :focus-visible{outline:3px solid #2563eb;outline-offset:2px}',
    '.rzpf-status{min-height:1.4em;margin:10px 0 0;color:#374151}.rzpf-status.rzpf-error{color:#b91c1c}',
    '.rzpf-foot{margin:12px 0 0;color:#6b7280;font-size:12px;text-align:center}'
  ].join('\n');

  function injectStyle() {
    if (document.getElementById(STYLE_ID)) return;
    var style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.appendChild(style);
  }

  function hexColor(value) {
    return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value || '') ? value : '#3399cc';
  }

  /** Black or white text, whichever reads better on the theme colour. */
  function onColor(hex) {
    var h = hex.slice(1);
    if (h.length === 3) h = h.replace(/(.)/g, '$1$1');
    var rgb = [0, 2, 4].map(function (i) {
      var c = parseInt(h.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    });
    var luminance = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    return luminance > 0.4 ? '#111827' : '#ffffff';
  }

  function rupees(paise) {
    return '\u20b9' + (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === 'text') node.textContent = attrs[key];
      else if (key === 'className') node.className = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }

  function post(path, body) {
    return fetch(ORIGIN + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (json) { return { ok: response.ok, json: json }; });
    });
  }

  var counter = 0;

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
    this.root = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) { callback(payload); });
  };

  Razorpay.prototype.target = function () {
    var o = this.options;
    return { key: o.key, order_id: o.order_id, subscription_id: o.subscription_id, email: (o.prefill || {}).email };
  };

  Razorpay.prototype.close = function () {
    if (!this.root) return;
    document.removeEventListener('keydown', this.onKey, true);
    this.root.remove();
    this.root = null;
    if (this.returnFocus && this.returnFocus.focus) this.returnFocus.focus();
  };

  Razorpay.prototype.dismiss = function () {
    this.close();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var o = this.options;
    if (this.root) return this;
    injectStyle();
    counter += 1;
    var id = 'rzpf-' + counter;
    var theme = hexColor((o.theme || {}).color);
    var method = 'upi';

    var amount = el('p', { className: 'rzpf-amount', text: o.amount ? rupees(Number(o.amount)) : '' });
    var title = el('h2', { id: id + '-title', text: o.name || 'Razorpay' });
    var close = el('button', { type: 'button', className: 'rzpf-close', 'aria-label': 'Close', text: '\u2715' });
    var head = el('div', { className: 'rzpf-head' }, [
      title,
      o.description ? el('p', { className: 'rzpf-desc', text: o.description }) : el('span'),
      amount,
      el('span', { className: 'rzpf-badge', text: 'TEST MODE' }),
      close
    ]);

    var vpa = el('input', { type: 'text', name: 'vpa', autocomplete: 'off', value: 'success@razorpay', placeholder: 'example@okhdfcbank' });
    var upiPanel = el('div', { role: 'tabpanel', id: id + '-upi', 'aria-labelledby': id + '-tab-upi' }, [
      el('label', { className: 'rzpf-field' }, [document.createTextNode('UPI ID / VPA'), vpa])
    ]);
    var cardPanel = el('div', { role: 'tabpanel', id: id + '-card', 'aria-labelledby': id + '-tab-card', hidden: '' }, [
      el('label', { className: 'rzpf-field' }, [document.createTextNode('Card number'),
        el('input', { type: 'text', name: 'card', inputmode: 'numeric', value: '4111 1111 1111 1111' })]),
      el('div', { className: 'rzpf-row' }, [
        el('label', { className: 'rzpf-field' }, [document.createTextNode('Expiry'), el('input', { type: 'text', name: 'expiry', value: '12/30' })]),
        el('label', { className: 'rzpf-field' }, [document.createTextNode('CVV'), el('input', { type: 'password', name: 'cvv', value: '123' })])
      ])
    ]);
    var upiTab = el('button', { type: 'button', role: 'tab', id: id + '-tab-upi', className: 'rzpf-tab', 'aria-selected': 'true', 'aria-controls': id + '-upi', text: 'UPI' });
    var cardTab = el('button', { type: 'button', role: 'tab', id: id + '-tab-card', className: 'rzpf-tab', 'aria-selected': 'false', 'aria-controls': id + '-card', tabindex: '-1', text: 'Card' });
    function select(next) {
      method = next;
      upiTab.setAttribute('aria-selected', String(next === 'upi'));
      cardTab.setAttribute('aria-selected', String(next === 'card'));
      upiTab.tabIndex = next === 'upi' ? 0 : -1;
      cardTab.tabIndex = next === 'card' ? 0 : -1;
      upiPanel.hidden = next !== 'upi';
      cardPanel.hidden = next !== 'card';
    }
    upiTab.addEventListener('click', function () { select('upi'); });
    cardTab.addEventListener('click', function () { select('card'); });
    var tabs = el('div', { role: 'tablist', 'aria-label': 'Payment method', className: 'rzpf-tabs' }, [upiTab, cardTab]);
    tabs.addEventListener('keydown', function (event) {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      select(method === 'upi' ? 'card' : 'upi');
      (method === 'upi' ? upiTab : cardTab).focus();
    });

    var pay = el('button', { type: 'button', className: 'rzpf-pay', text: 'Pay' });
    var fail = el('button', { type: 'button', className: 'rzpf-fail', text: 'Fail' });
    var status = el('p', { className: 'rzpf-status', role: 'status', 'aria-live': 'polite' });
    var prefillEmail = (o.prefill || {}).email;
    var body = el('div', { className: 'rzpf-body' }, [
      prefillEmail ? el('p', { className: 'rzpf-email', text: prefillEmail }) : el('span'),
      tabs, upiPanel, cardPanel,
      el('div', { className: 'rzpf-actions' }, [pay, fail]),
      status,
      el('p', { className: 'rzpf-foot', text: 'Local Razorpay stand-in: no money moves.' })
    ]);
    var dialog = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', className: 'rzpf-dialog' }, [head, body]);
    dialog.style.setProperty('--rzpf-theme', theme);
    dialog.style.setProperty('--rzpf-on-theme', onColor(theme));
    var root = el('div', { className: 'rzpf-backdrop', 'data-razorpay-fake': '' }, [dialog]);

    function busy(on, text, isError) {
      pay.disabled = on;
      fail.disabled = on;
      status.textContent = text || '';
      status.className = 'rzpf-status' + (isError ? ' rzpf-error' : '');
    }
    function request() {
      var body = self.target();
      body.method = method;
      body.vpa = vpa.value;
      return body;
    }

    close.addEventListener('click', function () { self.dismiss(); });
    pay.addEventListener('click', function () {
      busy(true, 'Processing payment\u2026');
      post('/_checkout/pay', request()).then(function (result) {
        if (!result.ok) return busy(false, (result.json.error || {}).description || 'Payment could not be completed', true);
        self.close();
        if (typeof o.handler === 'function') o.handler(result.json);
      }, function () { busy(false, 'Could not reach Razorpay', true); });
    });
    fail.addEventListener('click', function () {
      busy(true, 'Processing payment\u2026');
      post('/_checkout/fail', request()).then(function (result) {
        busy(false, 'Payment failed. ' + ((result.json.error || {}).description || ''), true);
        if (result.json.error) self.emit('payment.failed', { error: result.json.error });
      }, function () { busy(false, 'Could not reach Razorpay', true); });
    });
    this.onKey = function (event) {
      if (event.key === 'Escape') { event.preventDefault(); self.dismiss(); return; }
      if (event.key !== 'Tab') return;
      // Keep focus inside the modal, as aria-modal promises.
      var focusable = Array.prototype.filter.call(dialog.querySelectorAll('button,input'), function (node) {
        return !node.disabled && node.tabIndex >= 0 && node.offsetParent !== null;
      });
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
    };

    this.returnFocus = document.activeElement;
    this.root = root;
    document.body.appendChild(root);
    document.addEventListener('keydown', this.onKey, true);
    upiTab.focus();

    // Razorpay shows the amount of the order or plan, whatever the page passed.
    var query = new URLSearchParams();
    var target = this.target();
    ['key', 'order_id', 'subscription_id'].forEach(function (name) { if (target[name]) query.set(name, target[name]); });
    fetch(ORIGIN + '/_checkout/describe?' + query.toString()).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) return busy(true, (json.error || {}).description || 'Invalid checkout options', true);
        amount.textContent = json.startAt
          ? rupees(json.amount) + (json.upfront ? ' now, then ' : ' now (refunded), then ') + rupees(json.recurringAmount) + ' from ' +
            new Date(json.startAt * 1000).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
          : rupees(json.amount);
      });
    }).catch(function () { busy(true, 'Could not reach Razorpay', true); });
    return this;
  };

  window.Razorpay = Razorpay;
})();
`;
