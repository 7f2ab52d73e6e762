module.exports = require('../../jest.int.preset.cjs').intConfig(__dirname, 'user-data-service');
