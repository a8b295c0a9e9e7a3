import type { zhHans } from './zh-Hans';

/** The key tree of zh-Hans with every leaf widened to string: other languages must match it. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Resources = Widen<typeof zhHans>;

export const languages = ['zh-Hans', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh-Hans';
