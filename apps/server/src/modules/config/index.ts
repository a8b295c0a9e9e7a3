/** System configuration (PROTOCOL §12.1, §15): stored settings, the JWT key, getSystemInfo, checkVersion. */
export { createConfigService, type ConfigService, type AppVersionSettings, type SmtpSettings } from './config.service';
export { configRoutes, publicSystemInfo } from './config.routes';
export { maskedTurn } from './turn-view';
