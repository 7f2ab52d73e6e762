// Container HEALTHCHECK (see Dockerfile): exit 0 when the app's health endpoint answers 2xx.
// Docker's --timeout bounds the wait, so no timer here. Ports fall back to the apps' defaults.
const defaultHttpPorts = {
  'api-gateway': '5000',
  'auth-service': '5001',
  'catalogue-service': '5002',
  'user-data-service': '5003',
  'payment-service': '5004',
  'streaming-service': '5010',
  'recommendation-service': '5006',
};

const app = process.env.APP ?? '';
const isGateway = app === 'api-gateway';
const port = (isGateway ? process.env.PORT : process.env.HTTP_PORT) || defaultHttpPorts[app];
const path = isGateway ? '/api/health' : '/health';

const response = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => undefined);
process.exit(response?.ok ? 0 : 1);
