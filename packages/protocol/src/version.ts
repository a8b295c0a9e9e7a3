/** App and protocol version (PROTOCOL §15); sent as `X-Parley-Version` on every API response. */
export const APP_VERSION = '6.1.0';
export const VERSION_CODE = 20250916;
export const VERSION_HEADER = 'X-Parley-Version';
