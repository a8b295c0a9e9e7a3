import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile v5 renders Toast/Dialog/Picker imperatively with the React 18 API, which React 19
 * removed; hand it createRoot instead (https://mobile.ant.design/guide/v5-for-19).
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    roots.delete(container);
  };
});
