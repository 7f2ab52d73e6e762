// CSS under jest: a CSS module's class names come back as their own keys (styles.card === 'card').
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
