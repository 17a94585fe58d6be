export { hasOperatorAccess, OPERATOR_CHALLENGE } from './operator-access.js';
export { createMetricsRegistry } from './registry.js';
export { startMetricsServer, type MetricsServer } from './metrics-server.js';
