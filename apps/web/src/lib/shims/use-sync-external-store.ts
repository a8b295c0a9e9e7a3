/**
 * React 18+ ships useSyncExternalStore; the CommonJS shim package that react-i18next and
 * antd-mobile import would otherwise require() the second React that npm hoists to the root.
 */
export { useSyncExternalStore } from 'react';
