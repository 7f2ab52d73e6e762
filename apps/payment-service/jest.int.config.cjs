module.exports = require('../../jest.int.preset.cjs').intConfig(__dirname, 'payment-service');
