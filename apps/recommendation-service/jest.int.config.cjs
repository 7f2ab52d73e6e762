module.exports = require('../../jest.int.preset.cjs').intConfig(__dirname, 'recommendation-service');
