/**
 * Tests only (vite.config.ts `test.alias`): app/providers.tsx imports antd-mobile's ConfigProvider
 * by its own path so the production login chunk stays free of the barrel. Under Vitest that path
 * would bypass the pre-bundled barrel the screens use: a second copy of antd-mobile found mid-run,
 * re-optimised and run again (screens rendered twice). Here it is the barrel's own.
 */
export { ConfigProvider as default } from 'antd-mobile';
